import { Link } from 'react-router';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { ProductCard } from '../product-card';

/** Cards are about a quarter of the content column on wide screens, half the screen on phones. */
const GRID_SIZES = '(min-width: 1280px) 230px, (min-width: 1024px) 26vw, (min-width: 768px) 34vw, 50vw';
/** Loaded at once: the first row on a phone (two cards), where the largest paint happens. */
const PRIORITY_COUNT = 2;

type Props = {
  products: ProductCardData[];
  view: 'grid' | 'list';
  label: string;
  columns?: 'shop' | 'wide';
};

export function ProductResults({ products, view, label, columns = 'shop' }: Props) {
  if (view === 'list') {
    return (
      <ul aria-label={label} className="flex flex-col gap-4">
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} layout="list" priority={i < PRIORITY_COUNT} />
          </li>
        ))}
      </ul>
    );
  }
  const grid =
    columns === 'wide' ? 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4' : 'grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
  const sizes =
    columns === 'wide'
      ? '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw'
      : GRID_SIZES;
  return (
    <ul aria-label={label} className={`grid gap-x-4 gap-y-10 md:gap-x-6 md:gap-y-14 ${grid}`}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} priority={i < PRIORITY_COUNT} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}

type EmptyProps = {
  title: string;
  text: string;
  link: { to: string; label: string };
};

export function EmptyState({ title, text, link }: EmptyProps) {
  return (
    <div className="flex flex-col items-center border border-dashed border-line px-6 py-20 text-center">
      <h2 className="text-xl font-semibold uppercase tracking-tight">{title}</h2>
      <p className="mt-3 max-w-sm text-sm text-muted">{text}</p>
      <Link
        to={link.to}
        className="mt-8 inline-flex h-12 items-center bg-ink px-8 text-[11px] font-semibold uppercase tracking-[0.2em] text-paper hover:bg-neutral-800"
      >
        {link.label}
      </Link>
    </div>
  );
}

/** schema.org ItemList of a page of cards, for the route's meta ('script:ld+json'). */
export function itemListJsonLd(origin: string, products: ProductCardData[], firstPosition: number) {
  return {
    '@type': 'ItemList',
    numberOfItems: products.length,
    itemListElement: products.map((product, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      url: `${origin}/product/${product.id}`,
      name: product.name,
    })),
  };
}
