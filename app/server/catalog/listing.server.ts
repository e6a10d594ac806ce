/**
 * The shop listing (/collections, /new-arrivals) and the collection page. Each page costs two
 * queries run side by side: one page of product cards (productCards, LIMIT/OFFSET on an index
 * order) and one small aggregate that yields the total, the categories present and the counts
 * shown beside each filter.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { collections, colours, products, sizeSets } from '~/db/schema';
import { CATEGORIES, SHOP_PAGE_SIZE } from '~/lib/catalog/catalog-constants';
import type { CollectionSummary, ProductCardData } from '~/lib/catalog/catalog-types';
import { DEFAULT_SWATCH, type ColourSwatch } from '~/lib/catalog/colours';
import { isId } from '~/lib/ids';
import {
  PRICE_BANDS,
  pageCountFor,
  type PriceBand,
  priceBand,
  type PriceBandId,
  type ShopSort,
  type ShopState,
} from '~/lib/catalog/shop-query';
import { db } from '../db.server';
import { productCards } from './product-cards.server';
import { checkedRows } from '../sql-rows.server';

/** The columns of a CollectionSummary: the shop, the home page and the admin read a collection with these. */
export const collectionSummaryColumns = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  image: collections.image,
  featured: collections.featured,
};

export type ListingScope = { collectionId?: string };

export type CategoryFacet = { category: string; count: number };

/** A size products in the listing are sold in (decision 0034), and its count under the other filters. */
export type SizeFacet = { size: string; count: number };

/** A colour products in the listing use (decision 0034), its swatch and its count under the other filters. */
export type ColourFacet = ColourSwatch & { count: number };

export type Listing = {
  products: ProductCardData[];
  /** Products matching every filter (all pages). */
  total: number;
  page: number;
  pageCount: number;
  /** Categories present (within the search, if any), each with its count under the price filter. */
  categories: CategoryFacet[];
  /** Per price band, the count under the category filter. */
  priceCounts: Record<PriceBandId, number>;
  /** The colours products use (within the search, if any), each with its count under the category and price. */
  colours: ColourFacet[];
  /** The sizes products are sold in, in their sets' order (sets in the admin's order), each with its count. */
  sizes: SizeFacet[];
  /** Products on sale (decision 0034) under every other filter: the "On sale" filter's count. */
  onSale: number;
};

/**
 * word_similarity at which a misspelt word still finds its product ("jaket" ~ "Jacket" is 0.44).
 * pg_trgm's default (0.6) is too strict for typos.
 */
const WORD_SIMILARITY_THRESHOLD = '0.4';

/**
 * Sets the threshold for this statement only (is_local inside the statement's own transaction).
 * As a constant conjunct it becomes a one-time filter that PostgreSQL evaluates before scanning,
 * so the trigram index scan sees the value: no extra round trip.
 */
const trigramThreshold = sql`(
  select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)
) is not null`;

const tsQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/**
 * The query's words stemmed and without stop words ("sneekers" -> "sneeker"), compared too: a
 * misspelt plural is much closer to a singular name that way.
 */
// A scalar subquery, so PostgreSQL computes it once per statement rather than once per row.
const stemmed = (q: string) => sql`(select array_to_string(tsvector_to_array(to_tsvector('english', ${q})), ' '))`;
const nameSimilarity = (q: string) =>
  sql`greatest(word_similarity(${q}, ${products.name}), word_similarity(${stemmed(q)}, ${products.name}))`;

/**
 * Full-text match on name, category and description; only when the words match nothing at all
 * do we fall back to trigram similarity on the name, so a typo ("jaket") still finds jackets
 * while a correct word ("black") does not drag in look-alikes ("Blanket").
 */
function searchCondition(q: string): SQL {
  const similarName = sql`(${q} <% ${products.name} or ${stemmed(q)} <% ${products.name})`;
  // "not exists" first: it is computed once, and when the words do match it spares every row the
  // trigram comparison (PostgreSQL evaluates these in the order written).
  return sql`(${trigramThreshold} and (${products.searchVector} @@ ${tsQuery(q)}
    or (not exists (select 1 from products fts where fts.search_vector @@ ${tsQuery(q)}) and ${similarName})))`;
}

function priceCondition(id: PriceBandId): SQL | undefined {
  const band = priceBand(id);
  if (!band) return undefined;
  return and(
    band.min === undefined ? undefined : gte(products.price, band.min),
    band.max === undefined ? undefined : lte(products.price, band.max),
  );
}

/** Each order ends in a unique key so pages never overlap; each matches one of the indexes. */
function orderFor(sort: ShopSort, q: string): SQL[] {
  switch (sort) {
    case 'price-asc':
      return [asc(products.price), asc(products.id)];
    case 'price-desc':
      return [desc(products.price), desc(products.id)];
    case 'newest':
      // Spelled exactly like products_created_at_idx (created_at desc nulls last, id).
      return [sql`${products.createdAt} desc nulls last`, asc(products.id)];
    case 'relevance':
      if (q)
        return [
          sql`ts_rank(${products.searchVector}, ${tsQuery(q)}) + ${nameSimilarity(q)} desc`,
          asc(products.name),
          asc(products.id),
        ];
      return [asc(products.name), asc(products.id)];
    default:
      return [asc(products.name), asc(products.id)];
  }
}

/**
 * One page of cards. Past page 1 the page's ids are picked first (an index-only walk), because
 * PostgreSQL would otherwise build the card (with its image subquery) for every row OFFSET skips.
 */
function pageOfCards(
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  colour: string | null = null,
): Promise<ProductCardData[]> {
  if (page === 1) return productCards({ where, orderBy, limit: SHOP_PAGE_SIZE, colour });
  const ids = db()
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(SHOP_PAGE_SIZE)
    .offset((page - 1) * SHOP_PAGE_SIZE);
  return productCards({ where: inArray(products.id, ids), orderBy, limit: SHOP_PAGE_SIZE, colour });
}

const categoryRank = (category: string) => {
  const index = (CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? CATEGORIES.length : index;
};

type FacetRow = { category: string; count: number } & Record<PriceBandId, number>;

/** A product on sale: it has a compare-at price (decision 0034; products_on_sale_idx holds them). */
const onSaleCondition = isNotNull(products.compareAtPrice);

/** A product of one colour: the colour filter, matched without case (the URL may be typed). */
const colourCondition = (colour: string) =>
  sql`exists (select 1 from unnest(${products.colors}) as pc(name) where lower(pc.name) = lower(${colour}))`;

/** A product sold in one size: the size filter, matched without case (the URL may be typed). */
const sizeCondition = (size: string) =>
  sql`exists (select 1 from unnest(${products.sizes}) as ps(name) where lower(ps.name) = lower(${size}))`;

const facetRow = z.object({
  kind: z.enum(['category', 'colour', 'size', 'sale']),
  key: z.string(),
  swatch: z.string().nullable(),
  count: z.number(),
  ...(Object.fromEntries(PRICE_BANDS.map((band) => [band.id, z.number()])) as Record<PriceBand['id'], z.ZodNumber>),
});

/**
 * One statement: a row per category present in the scope (and search) under the colour filter, with its count in
 * total and per price band; and a row per colour the scope's products use (decision 0034), with its swatch (grey
 * when the colours table lacks it) and its count under the category and price filters, in the table's order.
 */
async function facetRows(
  scope: SQL | undefined,
  colourFilter: SQL | undefined,
  otherFilters: SQL | undefined,
  /** The On sale filter's count: the products on sale of the scope without that filter, under every other. */
  withoutSale: SQL | undefined,
  sizeFilter: SQL | undefined,
): Promise<{ rows: FacetRow[]; colours: ColourFacet[]; sizes: SizeFacet[]; onSale: number }> {
  const perBand = sql.join(
    PRICE_BANDS.map(
      (band) => sql`(count(*) filter (where ${priceCondition(band.id)}))::int as ${sql.identifier(band.id)}`,
    ),
    sql`, `,
  );
  const noBands = sql.join(
    PRICE_BANDS.map(() => sql`0`),
    sql`, `,
  );
  const result = await db().execute(sql`
    select 'category' as kind, ${products.category} as key, null::text as swatch, count(*)::int as count, ${perBand},
      0 as position
    from ${products} where ${and(scope, colourFilter, sizeFilter) ?? sql`true`}
    group by ${products.category}
    union all
    select 'colour', pc.name, coalesce(min(k.swatch), ${DEFAULT_SWATCH}), count(*)::int, ${noBands},
      coalesce(min(k.position), 2147483647)
    from ${products} cross join lateral unnest(${products.colors}) as pc(name)
    left join ${colours} k on k.name = pc.name
    where ${and(scope, otherFilters, sizeFilter) ?? sql`true`}
    group by pc.name
    union all
    select 'size', ps.name, null, count(*)::int, ${noBands},
      min(coalesce(ss.position, 2147483647)::bigint * 1000 + coalesce(array_position(ss.sizes, ps.name), 999))
    from ${products} cross join lateral unnest(${products.sizes}) as ps(name)
    left join ${sizeSets} ss on ss.id = ${products.sizeSetId}
    where ${and(scope, otherFilters, colourFilter) ?? sql`true`}
    group by ps.name
    union all
    select 'sale', '', null, count(*)::int, ${noBands}, 0
    from ${products} where ${and(withoutSale, otherFilters, colourFilter, sizeFilter, onSaleCondition) ?? sql`true`}
    order by position, key`);
  const all = checkedRows(facetRow, result);
  const rows = all.filter((row) => row.kind === 'category').map(({ key, ...row }) => ({ ...row, category: key }));
  const colourFacets = all
    .filter((row) => row.kind === 'colour')
    .map((row) => ({ name: row.key, swatch: row.swatch ?? DEFAULT_SWATCH, count: row.count }));
  const sizes = all.filter((row) => row.kind === 'size').map((row) => ({ size: row.key, count: row.count }));
  const onSale = all.find((row) => row.kind === 'sale')?.count ?? 0;
  return { rows: rows as unknown as FacetRow[], colours: colourFacets, sizes, onSale };
}

function summarise(rows: FacetRow[], state: ShopState) {
  const countIn = (row: FacetRow) => (state.price === 'all' ? row.count : row[state.price]);
  const categories = rows
    .map((row) => ({ category: row.category, count: countIn(row) }))
    .sort((a, b) => categoryRank(a.category) - categoryRank(b.category) || a.category.localeCompare(b.category));
  if (state.category && !categories.some((c) => c.category === state.category))
    categories.push({ category: state.category, count: 0 });
  const chosen = state.category ? rows.filter((row) => row.category === state.category) : rows;
  const priceCounts = { all: 0 } as Record<PriceBandId, number>;
  for (const band of PRICE_BANDS) priceCounts[band.id] = chosen.reduce((sum, row) => sum + row[band.id], 0);
  priceCounts.all = chosen.reduce((sum, row) => sum + row.count, 0);
  const total = chosen.reduce((sum, row) => sum + countIn(row), 0);
  return { categories, priceCounts, total };
}

/** The colour filtered on stays listed (with 0) when no product of the other filters has it, as a category does. */
function withChosenColour(facets: ColourFacet[], colour: string | null): ColourFacet[] {
  if (!colour || facets.some((facet) => facet.name.toLowerCase() === colour.toLowerCase())) return facets;
  return [...facets, { name: colour, swatch: DEFAULT_SWATCH, count: 0 }];
}

/** The size filtered on stays listed (with 0) when no product of the other filters has it. */
function withChosenSize(facets: SizeFacet[], size: string | null): SizeFacet[] {
  if (!size || facets.some((facet) => facet.size.toLowerCase() === size.toLowerCase())) return facets;
  return [...facets, { size, count: 0 }];
}

/** A page of the shop listing for a parsed URL state (see lib/shop-query). */
export async function listProducts(state: ShopState, { collectionId }: ListingScope = {}): Promise<Listing> {
  const withoutSale = and(
    collectionId ? eq(products.collectionId, collectionId) : undefined,
    state.q ? searchCondition(state.q) : undefined,
  );
  // The On sale filter narrows everything the page counts, as a search does.
  const scope = and(withoutSale, state.sale ? onSaleCondition : undefined);
  const colourFilter = state.colour ? colourCondition(state.colour) : undefined;
  const sizeFilter = state.size ? sizeCondition(state.size) : undefined;
  const otherFilters = and(
    state.category ? eq(products.category, state.category) : undefined,
    priceCondition(state.price),
  );
  const where = and(scope, otherFilters, colourFilter, sizeFilter);
  const [cards, facets] = await Promise.all([
    pageOfCards(where, orderFor(state.sort, state.q), state.page, state.colour),
    facetRows(scope, colourFilter, otherFilters, withoutSale, sizeFilter),
  ]);
  const { categories, priceCounts, total } = summarise(facets.rows, state);
  return {
    colours: withChosenColour(facets.colours, state.colour),
    sizes: withChosenSize(facets.sizes, state.size),
    onSale: facets.onSale,
    products: cards,
    total,
    page: state.page,
    pageCount: pageCountFor(total, SHOP_PAGE_SIZE),
    categories,
    priceCounts,
  };
}

export type CollectionPage = {
  collection: CollectionSummary;
  products: ProductCardData[];
  total: number;
  page: number;
  pageCount: number;
};

/**
 * A collection and one page of its products (sorted as the state says; other filters do not
 * apply here), or null when no collection has this id. Malformed ids cost no query.
 */
export async function getCollectionWithProducts(
  id: string,
  state: Pick<ShopState, 'sort' | 'page' | 'q'>,
): Promise<CollectionPage | null> {
  if (!isId(id)) return null;
  const [found, cards] = await Promise.all([
    db()
      .select({
        ...collectionSummaryColumns,
        total: sql<number>`(select count(*) from products p where p.collection_id = "collections"."id")::int`,
      })
      .from(collections)
      .where(eq(collections.id, id)),
    pageOfCards(eq(products.collectionId, id), orderFor(state.sort, ''), state.page),
  ]);
  const row = found[0];
  if (!row) return null;
  const { total, ...collection } = row;
  return { collection, products: cards, total, page: state.page, pageCount: pageCountFor(total, SHOP_PAGE_SIZE) };
}
