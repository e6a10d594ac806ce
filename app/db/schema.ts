/**
 * Drizzle tables. Money is integer kobo. Ids are short random strings made by the app (lib/ids.ts),
 * so a malformed id in a URL is simply "not found", never a cast error.
 * Payments and the audit log sit at the end.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '../lib/accounts/address';
import type { StoredImage } from '../lib/images';
import type { DeliveryMethod } from '../lib/delivery/delivery';
import type { PromoKind, PromoRedemptionState } from '../lib/promo/promo';
import type { CollectionMethod, OrderStatus, PaymentMethod, PaymentStatus, StockState } from '../lib/orders/orders';
import type { AlertReason } from '../lib/back-in-stock/back-in-stock-words';
import type { ReviewStatus } from '../lib/reviews/reviews';
import type { CatalogImportStatus } from '../lib/catalog/catalog-import';
import type { BusinessHours, HeroSlide } from '../lib/store/settings';
import { newId } from '../lib/ids';
import { DEFAULT_SIZE_SET_ID } from '../lib/catalog/catalog-constants';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Index columns for "newest first": created_at then id, both descending with nulls first, because that is what
 * `order by created_at desc, id desc` means. Drizzle's bare `.desc()` makes NULLS LAST indexes, which
 * PostgreSQL cannot use for that order: it read every row and sorted them instead.
 */
const newestFirst = (t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    featured: boolean('featured').notNull().default(false),
    /**
     * A drop (decision 0036): every product of the collection opens for sale at this moment (Lagos time in the admin);
     * null = open. A product's own `drops_at`, when later, wins.
     */
    dropsAt: timestamp('drops_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('collections_drops_at_idx')
      .on(t.dropsAt)
      .where(sql`${t.dropsAt} is not null`),
    index('collections_created_at_idx').on(...newestFirst(t)),
    index('collections_featured_idx').on(t.featured, ...newestFirst(t)),
  ],
);

/**
 * The size sets products choose from (decision 0034): "Clothing" (XS–XXL, every product made before sets existed),
 * "Shoes (EU)", "One size", "Waist" and any the admin adds, each with its sizes in order. A product uses one set and
 * may leave sizes of it out (products.sizes keeps the chosen ones, in the set's order).
 */
export const sizeSets = pgTable(
  'size_sets',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    sizes: text('sizes').array().notNull(),
    /** New products start with this set; exactly one set is the default (a partial unique index). */
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('size_sets_name_idx').on(sql`lower(${t.name})`),
    uniqueIndex('size_sets_one_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('size_sets_has_sizes', sql`cardinality(${t.sizes}) > 0`),
  ],
);

/**
 * The colours products use (decision 0034): a name, as products, variants and order lines keep it, and the swatch
 * the pages paint. The seed's eight are the defaults; the admin adds more.
 */
export const colours = pgTable(
  'colours',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    /** `#rrggbb`. */
    swatch: text('swatch').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('colours_name_idx').on(sql`lower(${t.name})`),
    check('colours_swatch_hex', sql`${t.swatch} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A size guide (decision 0034): one table per size set, or per category; rows are the set's sizes, columns the
 * measurements in centimetres (the page shows inches beside them).
 */
export const sizeGuides = pgTable(
  'size_guides',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    sizeSetId: text('size_set_id').references(() => sizeSets.id, { onDelete: 'cascade' }),
    category: text('category'),
    /** Measurement names, in order: `Chest`, `Waist`, `Foot length`. */
    measurements: text('measurements').array().notNull(),
    /** One row per size: the size and a value in cm per measurement (null where not measured). */
    rows: jsonb('rows').$type<{ size: string; cm: (number | null)[] }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('size_guides_size_set_idx')
      .on(t.sizeSetId)
      .where(sql`${t.sizeSetId} is not null`),
    uniqueIndex('size_guides_category_idx')
      .on(t.category)
      .where(sql`${t.category} is not null`),
    check('size_guides_one_subject', sql`(${t.sizeSetId} is null) <> (${t.category} is null)`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    /** The price before a sale (decision 0034): above `price` when set; the pages strike it through. */
    compareAtPrice: integer('compare_at_price'),
    category: text('category').notNull(),
    collectionId: text('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The product's size set (decision 0034); `sizes` are the ones of it the product is sold in. */
    sizeSetId: text('size_set_id')
      .notNull()
      .default(DEFAULT_SIZE_SET_ID)
      .references(() => sizeSets.id),
    /** A fit note beside the size guide: "Runs small: take one size up." */
    fitNote: text('fit_note').notNull().default(''),
    /** Made by the demo seed (scripts/seed): the launch checklist asks for the demo catalog to be removed. */
    demo: boolean('demo').notNull().default(false),
    /** A drop (decision 0036): not for sale before this moment; null = open (unless its collection drops later). */
    dropsAt: timestamp('drops_at', { withTimezone: true, mode: 'date' }),
    /** The most units of this product one customer may hold in paid and unpaid orders together; null = no cap. */
    dropCap: integer('drop_cap'),
    inStock: boolean('in_stock').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      // One line of SQL: drizzle-kit compares this text with the migration snapshots, where a line break is a change.
      sql.raw(
        "setweight(to_tsvector('english', coalesce(name, '')), 'A') || " +
          "setweight(to_tsvector('english', coalesce(category, '')), 'B') || " +
          "setweight(to_tsvector('english', coalesce(description, '')), 'C')",
      ),
    ),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_compare_at_above_price', sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`),
    check('products_drop_cap_positive', sql`${t.dropCap} is null or ${t.dropCap} > 0`),
    index('products_drops_at_idx')
      .on(t.dropsAt)
      .where(sql`${t.dropsAt} is not null`),
    index('products_size_set_idx').on(t.sizeSetId),
    index('products_on_sale_idx')
      .on(...newestFirst(t))
      .where(sql`${t.compareAtPrice} is not null`),
    index('products_created_at_idx').on(...newestFirst(t)),
    index('products_featured_idx').on(t.featured, ...newestFirst(t)),
    index('products_category_idx').on(t.category, ...newestFirst(t)),
    index('products_collection_idx').on(t.collectionId, ...newestFirst(t)),
    index('products_price_idx').on(t.price, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    alt: text('alt').notNull().default(''),
    /** The colour this photo shows (decision 0034): choosing it shows its photos first; null for every colour. */
    color: text('color'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Stock per product, size and colour. '' stands for "no size" / "no colour"; null stock = not tracked. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    stock: integer('stock'),
    /**
     * The stock keeping unit (decision 0034): unique without case, editable; a trigger writes
     * `{product id}-{size}-{colour}` (upper case) when it is left empty.
     */
    sku: text('sku').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size, t.color] }),
    uniqueIndex('product_variants_sku_idx').on(sql`lower(${t.sku})`),
    check('product_variants_stock_non_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    /** Set when the cart belongs to an account; visitors' carts have none. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The promo code the shopper applied, as they typed it (decision 0023): checked again, against the database, every
     * time the cart or checkout is shown and when the order is placed; a code that stops applying shows why.
     */
    promoCode: text('promo_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When the abandoned-cart mail went for this cart (docs/requirements.md#9-order-and-payment-statuses): one per
     * change, so only if before updatedAt.
     */
    abandonedMailAt: timestamp('abandoned_mail_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('carts_user_idx').on(t.userId), index('carts_updated_at_idx').on(t.updatedAt)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    quantity: integer('quantity').notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.size, t.color] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('contact_messages_created_at_idx').on(...newestFirst(t))],
);

/** A single row (id = 1) of settings the admin edits; the storefront reads it through server/settings. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    storeName: text('store_name').notNull(),
    supportEmail: text('support_email').notNull(),
    supportPhone: text('support_phone').notNull(),
    /**
     * The brand's WhatsApp number in international form without '+' ('2348031234567'), or '' for none
     * (docs/requirements.md#9-order-and-payment-statuses): click-to-chat links (https://wa.me/…) on the product and
     * order pages and in the footer.
     */
    whatsappNumber: text('whatsapp_number').notNull().default(''),
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    heroSlides: jsonb('hero_slides').$type<HeroSlide[]>().notNull(),
    bannerText: text('banner_text').notNull(),
    /** The most units of one product (every size and colour together) one order may hold: stock hoarding stops here. */
    maxUnitsPerProduct: integer('max_units_per_product').notNull().default(10),
    /**
     * How long an order keeps its stock while Paystack says its payment is on its way (a bank transfer or USSD):
     * Paystack's transfer window plus a margin. After it the sweep asks once more and decides (decision 0016).
     */
    transferWindowMinutes: integer('transfer_window_minutes').notNull().default(45),
    /**
     * Delivery (decision 0022). deliveryFee above is the fee where no delivery zone matches the address;
     * these are its promised working days (the brief's 'Standard 5-6 Working Days').
     */
    deliveryDaysMin: integer('delivery_days_min').notNull().default(5),
    deliveryDaysMax: integer('delivery_days_max').notNull().default(6),
    /** Kobo: delivery (and pickup) costs nothing when the subtotal reaches it; null = off. */
    freeDeliveryOver: integer('free_delivery_over'),
    /** Collecting the order at the brand's address instead of delivery, chosen at checkout. */
    pickupEnabled: boolean('pickup_enabled').notNull().default(false),
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupHours: text('pickup_hours').notNull().default(''),
    pickupFee: integer('pickup_fee').notNull().default(0),
    pickupDaysMin: integer('pickup_days_min').notNull().default(1),
    pickupDaysMax: integer('pickup_days_max').notNull().default(2),
    /**
     * The automated mails (docs/requirements.md#9-order-and-payment-statuses), each on or off with its delay: the
     * unpaid-order reminder (minutes after the shopper left the payment), the abandoned-cart mail (hours the cart lay
     * untouched) and back in stock (minutes after the stock returned, so an admin correcting a count does not mail
     * everyone at once).
     */
    unpaidReminderEnabled: boolean('unpaid_reminder_enabled').notNull().default(true),
    unpaidReminderMinutes: integer('unpaid_reminder_minutes').notNull().default(30),
    abandonedCartEnabled: boolean('abandoned_cart_enabled').notNull().default(true),
    abandonedCartHours: integer('abandoned_cart_hours').notNull().default(24),
    backInStockEnabled: boolean('back_in_stock_enabled').notNull().default(true),
    backInStockMinutes: integer('back_in_stock_minutes').notNull().default(0),
    /**
     * Pay on delivery (decision 0037), offered in the zones that allow it (delivery_zones.pay_on_delivery): up to this
     * order total (kobo), and, when `podNotFirstOrder`, never on a customer's first order.
     */
    podMaxTotal: integer('pod_max_total').notNull().default(15_000_000),
    podNotFirstOrder: boolean('pod_not_first_order').notNull().default(false),
    /**
     * The launch checklist (decision 0042): the brand's logo (a stored image; the header, mails, the manifest's icons),
     * when the admin confirmed the delivery zones as reviewed, and when the last backup was made.
     */
    logo: jsonb('logo').$type<StoredImage | null>(),
    deliveryReviewedAt: timestamp('delivery_reviewed_at', { withTimezone: true, mode: 'date' }),
    lastBackupAt: timestamp('last_backup_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('store_settings_single_row', sql`${t.id} = 1`),
    check('store_settings_fee_non_negative', sql`${t.deliveryFee} >= 0`),
    check('store_settings_units_per_product_range', sql`${t.maxUnitsPerProduct} between 1 and 99`),
    check('store_settings_transfer_window_range', sql`${t.transferWindowMinutes} between 15 and 1440`),
    check('store_settings_delivery_days', sql`${t.deliveryDaysMin} between 1 and ${t.deliveryDaysMax}`),
    check('store_settings_free_delivery_positive', sql`${t.freeDeliveryOver} is null or ${t.freeDeliveryOver} > 0`),
    check('store_settings_pickup_fee_non_negative', sql`${t.pickupFee} >= 0`),
    check('store_settings_pickup_days', sql`${t.pickupDaysMin} between 1 and ${t.pickupDaysMax}`),
    check('store_settings_unpaid_reminder_minutes', sql`${t.unpaidReminderMinutes} between 10 and 1440`),
    check('store_settings_abandoned_cart_hours', sql`${t.abandonedCartHours} between 1 and 168`),
    check('store_settings_back_in_stock_minutes', sql`${t.backInStockMinutes} between 0 and 1440`),
    check('store_settings_pod_max_total_positive', sql`${t.podMaxTotal} > 0`),
  ],
);

/**
 * Where delivery costs what and takes how long (decision 0022): the states a zone covers and, optionally,
 * towns within them (as the admin writes them; matched against the shopper's Town ignoring case, spaces and
 * punctuation). A zone naming towns wins over one covering the whole state; no zone → the settings' default.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    states: text('states').array().notNull(),
    towns: text('towns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kobo. */
    fee: integer('fee').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    /** Pay on delivery (cash, POS or transfer at the door) is offered for addresses in this zone (decision 0037). */
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('delivery_zones_fee_non_negative', sql`${t.fee} >= 0`),
    check('delivery_zones_days', sql`${t.minDays} between 1 and ${t.maxDays}`),
    check('delivery_zones_has_states', sql`cardinality(${t.states}) > 0`),
  ],
);

/*
 * Accounts: the tables Better Auth's Drizzle adapter reads and writes (its user, session, account,
 * verification and rateLimit models; column names snake_case, keys as Better Auth names them).
 * Ids come from lib/ids.ts like every other id here (advanced.database.generateId).
 */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The user profile of docs/requirements.md#5-data-the-store-keeps: id, email, firstName, lastName, createdAt (name =
 * "first last" for Better Auth).
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Copied from `admins` when the session starts (and by admin:grant), so the header needs no extra query. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Last admin request on this session (written at most once a minute, by admin requests only): the idle timeout. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Credentials: for email + password, providerId 'credential' and the scrypt hash in `password`. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** One-time tokens (password reset links). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's database rate-limit storage: one row per client IP and auth path; shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed sign-ins per account (app/server/accounts/sign-in-throttle.server.ts), keyed by a hash of the email so the
 * table keeps no addresses; rows are pruned a day after their last failure.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** For Better Auth's joins (advanced.database.joins): a session is read with its user in one query. */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

/**
 * Admin status (docs/requirements.md#11-accounts-and-roles): an address listed here (stored lowercased). Listing it
 * grants nothing: the rights belong to the account that accepted the address's invitation (admin_invitations) by
 * setting its password through the link, recorded as userId and acceptedAt.
 */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    /** The account that accepted the invitation: the only one the rights belong to. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('admins_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('admins_accepted_with_user', sql`${t.acceptedAt} is null or ${t.userId} is not null`),
  ],
);

/**
 * A single-use, expiring invitation to be an admin, mailed to a listed address. Only a hash of the link's token is
 * kept; usedAt is set by the one request that accepts it (a newer invitation for the address supersedes older ones).
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('admin_invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('admin_invitations_email_idx').on(t.email),
  ],
);

/*
 * Orders, wishlist and the saved delivery address (decision 0005). Orders keep snapshots of what was bought
 * (name, unit price, image, size, colour), so deleting a product never changes an order.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    /**
     * pj_{timestamp}_{random} (docs/requirements.md#8-payments): the reference the payment provider knows the order by.
     */
    paymentReference: text('payment_reference').unique(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    shipping: bigint('shipping', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /**
     * What happened to the stock this order took at checkout: 'reserved' while payment is pending,
     * 'committed' once paid, 'released' (given back) when the payment failed or was abandoned.
     */
    stockState: text('stock_state').$type<StockState>().notNull().default('reserved'),
    /** The provider's session for this reference, so a second click or tab resumes it instead of starting another. */
    accessCode: text('access_code'),
    authorizationUrl: text('authorization_url'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /**
     * When Paystack first said the payment is on its way (a bank transfer or USSD waiting for the bank): the stock
     * stays reserved for the store's transfer window from then, after which the sweep decides (decision 0016).
     */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true, mode: 'date' }),
    /** Why this order needs a person: e.g. the provider reported a different amount or currency. Never marked paid. */
    reviewReason: text('review_reason'),
    /**
     * The delivery promised at checkout (decision 0022), kept as it was whatever the zones become: delivery or pickup,
     * the zone's name (null: the default fee, or pickup), the working days promised, and where to collect a pickup.
     * The fee itself is `shipping`. Orders placed before zones have the method only.
     */
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull().default('delivery'),
    deliveryZone: text('delivery_zone'),
    deliveryDaysMin: integer('delivery_days_min'),
    deliveryDaysMax: integer('delivery_days_max'),
    pickupAddress: text('pickup_address'),
    pickupHours: text('pickup_hours'),
    /**
     * Kobo taken off by the promo code (goods and delivery): total = subtotal + shipping - discount. The code is kept
     * as the admin wrote it, so the order reads the same whatever becomes of the code (promo_redemptions).
     */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    promoCode: text('promo_code'),
    /**
     * When the shopper left the payment unpaid (closed the pop-up, came back from Paystack without paying), and when
     * the one reminder to pay went (decision 0025).
     */
    paymentLeftAt: timestamp('payment_left_at', { withTimezone: true, mode: 'date' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the order last took its stock: when it was placed, or when its shopper paid again after the sweep had
     * released it (app/server/payments/pay-again.server.ts). The payment timeout is counted from here.
     */
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The channel Paystack named when it answered `ongoing` (bank_transfer, ussd, bank, card...): only a transfer,
     * USSD or bank payment waits for the bank; a card left at its OTP or 3-D Secure step stays payable at once.
     */
    awaitingChannel: text('awaiting_channel'),
    /**
     * How the order is paid (decision 0037): 'paystack', or 'pay_on_delivery' (payment status 'due' until the admin
     * marks it collected, then 'paid'; 'refused' when the shopper refused it at the door). How it was collected
     * (cash, POS, transfer) and the admin's note; a refusal the admin forgave no longer counts against the customer.
     */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('paystack'),
    collectedBy: text('collected_by').$type<CollectionMethod>(),
    collectionNote: text('collection_note'),
    refusalForgiven: boolean('refusal_forgiven').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_stock_state_valid', sql`${t.stockState} in ('reserved', 'committed', 'released')`),
    index('orders_pending_payment_idx')
      .on(t.reservedAt)
      .where(sql`${t.paymentStatus} = 'pending'`),
    index('orders_awaiting_payment_idx')
      .on(t.awaitingSince)
      .where(sql`${t.paymentStatus} = 'awaiting'`),
    index('orders_payment_status_created_idx').on(t.paymentStatus, ...newestFirst(t)),
    check('orders_status_valid', sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check(
      'orders_payment_status_valid',
      sql`${t.paymentStatus} in ('pending', 'awaiting', 'paid', 'failed', 'abandoned', 'reversed', 'refunded', 'due', 'refused')`,
    ),
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.total} >= 0 and ${t.discount} >= 0`,
    ),
    check('orders_delivery_method_valid', sql`${t.deliveryMethod} in ('delivery', 'pickup')`),
    check('orders_payment_method_valid', sql`${t.paymentMethod} in ('paystack', 'pay_on_delivery')`),
    check(
      'orders_collected_by_valid',
      sql`${t.collectedBy} is null or ${t.collectedBy} in ('cash', 'pos', 'transfer')`,
    ),
    index('orders_refused_idx')
      .on(t.userId)
      .where(sql`${t.paymentStatus} = 'refused'`),
    index('orders_user_created_idx').on(t.userId, ...newestFirst(t)),
    index('orders_created_at_idx').on(...newestFirst(t)),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** null once the product is deleted; the snapshot below still describes what was bought. */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    image: jsonb('image').$type<StoredImage | null>(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** The variant's SKU when the order was placed (decision 0034); '' for lines placed before SKUs existed. */
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
    index('order_items_product_idx').on(t.productId),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

/**
 * One saved delivery address per account (checkout prefills it); kept off `users`, which Better Auth reads on
 * every request.
 */
export const savedAddresses = pgTable('saved_addresses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<ShippingAddress>().notNull(),
  updatedAt: updatedAt(),
});

/** The one payment an order can have: written once, in the same transaction that marks the order paid. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull().default('paystack'),
    reference: text('reference').notNull().unique(),
    /** What the provider says it charged, in kobo, and in which currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel'),
    /** Paystack's fees on this charge, in kobo, from its verify answer or webhook (null: not told, or no charge). */
    fees: bigint('fees', { mode: 'number' }),
    /** Which path confirmed it first: callback (browser came back), webhook or sweep. */
    confirmedBy: text('confirmed_by').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The provider's verify answer, minus card details beyond what Paystack itself returns (last4, brand). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('payments_amount_non_negative', sql`${t.amount} >= 0`)],
);

/**
 * References an order was known by before its current one (decision 0025): an order paid again with a fresh reference
 * after its stock was released, or one whose initialize failed. Paystack may still report a payment on any of them (a
 * checkout page left open), so a late success finds its order here: it pays the order if it is unpaid, or flags it as
 * paid twice for a refund.
 */
export const replacedPaymentReferences = pgTable(
  'replaced_payment_references',
  {
    reference: text('reference').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('replaced_payment_references_order_idx').on(t.orderId)],
);

/** Everything that happened to an order's payment, in order: what the admin's payment history shows. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.id)],
);

/**
 * The order's timeline (decision 0024): one row per status the admin set, with when. Placed, awaiting confirmation and
 * paid are not rows: orders.created_at, awaiting_since and paid_at already say when, for every order old or new, so
 * the timeline derives them (app/lib/orders/order-timeline.ts) and nothing had to be backfilled. A shipped row keeps
 * the carrier and tracking the admin gave: kept here rather than on the order so a correction (shipped again with another
 * number) leaves the first in the history; the latest shipped row is what the customer follows.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The status the order was set to. */
    kind: text('kind').$type<OrderStatus>().notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** An https address only (orderStatusSchema), shown as a link on the order page and in the mail. */
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_kind_valid', sql`${t.kind} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check(
      'order_events_tracking_when_shipped',
      sql`${t.kind} = 'shipped' or (${t.carrier} is null and ${t.trackingNumber} is null and ${t.trackingUrl} is null)`,
    ),
    check('order_events_tracking_url_https', sql`${t.trackingUrl} is null or ${t.trackingUrl} like 'https://%'`),
  ],
);

/**
 * The mails the customer got about an order's status (the confirmation as 'paid', then shipped, delivered,
 * cancelled), as sent, so the order page can show them again. One per order and kind: the unique index is what makes
 * a status set twice (or shipped, unshipped and shipped again) mail once, for good; pg-boss forgets a job after a day.
 * jobId is the mail's job in the `mail` queue.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    jobId: text('job_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_mails_order_kind_idx').on(t.orderId, t.kind),
    check('order_mails_kind_valid', sql`${t.kind} in ('paid', 'shipped', 'delivered', 'cancelled', 'reminder')`),
  ],
);

/**
 * Money sent back through Paystack's Refund API (app/server/payments/refunds.server.ts). A row is written, with the
 * admin's request key, before Paystack is called, so two clicks of one form make one refund and the amounts of
 * refunds not failed never add up to more than was paid. providerId is Paystack's refund id once it answered.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Kobo. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /**
     * requesting (not yet accepted by Paystack), no-answer (Paystack answered a 5xx, garbage or nothing: the amount
     * stays held until it says), pending, processing, needs-attention (Paystack needs the customer's bank account),
     * processed, failed (a documented refusal, or Paystack's own failure).
     */
    status: text('status').notNull().default('requesting'),
    providerId: text('provider_id').unique(),
    requestKey: text('request_key').notNull().unique(),
    requestedBy: text('requested_by'),
    /** Paystack's last word on it (an error message, or the refund webhook's status). */
    note: text('note'),
    /** The sentence the customer is told (Paystack's customer_note); the admin's reason goes as merchant_note. */
    customerNote: text('customer_note'),
    /** When the store last asked Paystack about a refund it had no answer for, and how often it asked. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    /** The bank account sent to retry_with_customer_details: bank name and the account's last four digits only. */
    customerDetails: jsonb('customer_details').$type<{ bankName: string; accountLast4: string; sentAt: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check(
      'refunds_status_valid',
      sql`${t.status} in ('requesting', 'no-answer', 'pending', 'processing', 'needs-attention', 'processed', 'failed')`,
    ),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** A chargeback a customer's bank opened on a paid order (charge.dispute.* webhooks), one row per Paystack dispute. */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    providerId: text('provider_id').notNull().unique(),
    status: text('status').notNull(),
    category: text('category'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    resolution: text('resolution'),
    lastEvent: text('last_event').notNull(),
    /** Kobo the chargeback is about, as Paystack reported it (refund_amount, or the transaction's amount). */
    amount: bigint('amount', { mode: 'number' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** Kobo a lost chargeback took back (the transaction reversed): out of revenue, and no refund is offered for it. */
    reversedAmount: bigint('reversed_amount', { mode: 'number' }),
    /** The owner's answer from the order page: evidence sent (Paystack's evidence id), a file uploaded, accept/decline. */
    evidenceId: text('evidence_id'),
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    uploadedFile: text('uploaded_file'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_order_idx').on(t.orderId),
    check('disputes_answer_valid', sql`${t.answer} is null or ${t.answer} in ('accepted', 'declined')`),
  ],
);

/**
 * Promo codes (decision 0023). `code` is kept as the admin wrote it and unique without case. Money in kobo;
 * times are instants (the admin enters them in Africa/Lagos). Limits to collections or categories are lists: empty
 * means every item. Uses live in promo_redemptions.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    code: text('code').notNull(),
    kind: text('kind').$type<PromoKind>().notNull(),
    /** Whole percent off the eligible items, for kind 'percent'. */
    percentOff: integer('percent_off'),
    /** Kobo off the eligible items, for kind 'fixed'. */
    amountOff: integer('amount_off'),
    /** Kobo the eligible items must reach; 0 for none. */
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Uses allowed in all (null: no limit) and per customer (null: no limit). */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    collectionIds: text('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** Leaves products on sale (a compare-at price) out of what the code applies to (decision 0034). */
    excludeSale: boolean('exclude_sale').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(sql`lower(${t.code})`),
    index('promo_codes_created_at_idx').on(...newestFirst(t)),
    check('promo_codes_kind_valid', sql`${t.kind} in ('percent', 'fixed', 'free-delivery')`),
    check('promo_codes_percent', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('promo_codes_amount', sql`${t.amountOff} is null or ${t.amountOff} > 0`),
    check('promo_codes_min_subtotal', sql`${t.minSubtotal} >= 0`),
    check(
      'promo_codes_uses',
      sql`(${t.maxUses} is null or ${t.maxUses} > 0)
      and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0)`,
    ),
  ],
);

/**
 * One order's use of a code: 'reserved' when the order is placed (it counts against the limits from then, so the last
 * use cannot go to two orders), 'used' when its payment succeeds, 'released' when the order is released unpaid,
 * 'over-limit' when a released order was paid late and its use would take the code past a limit (the order is
 * flagged for review and its discount is kept out of the code's revenue; decision 0023).
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promoId: text('promo_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    state: text('state').$type<PromoRedemptionState>().notNull().default('reserved'),
    /** Kobo the code took off this order. */
    discount: bigint('discount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promo_redemptions_promo_idx').on(t.promoId, t.state),
    index('promo_redemptions_user_idx').on(t.promoId, t.userId),
    check('promo_redemptions_state_valid', sql`${t.state} in ('reserved', 'used', 'released', 'over-limit')`),
  ],
);

/**
 * Reviews from buyers (decision 0040): one per order line (order, position), written once the order is Delivered,
 * shown on the product page only once the admin approves it. The author is kept as the page shows it (first name and
 * initial); the size bought is read from the order line. Photos go through the product image pipeline.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos')
      .$type<StoredImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    author: text('author').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_line_idx').on(t.orderId, t.position),
    index('reviews_product_status_idx').on(t.productId, t.status, ...newestFirst(t)),
    index('reviews_status_idx').on(t.status, ...newestFirst(t)),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_status_valid', sql`${t.status} in ('pending', 'approved', 'hidden')`),
  ],
);

/**
 * A catalog CSV import (decision 0041): the uploaded file is checked and previewed first (rows to create and update,
 * every row error), then applied in one transaction by a job, whose progress the admin page shows.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    createdBy: text('created_by').notNull(),
    fileName: text('file_name').notNull(),
    csv: text('csv').notNull(),
    status: text('status').$type<CatalogImportStatus>().notNull().default('previewed'),
    totalRows: integer('total_rows').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    /** The preview: rows to create and to update, and each row error with its line number and reason. */
    summary: jsonb('summary').$type<unknown>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('catalog_imports_created_idx').on(...newestFirst(t)),
    check('catalog_imports_status_valid', sql`${t.status} in ('previewed', 'applying', 'applied', 'failed')`),
  ],
);

/**
 * "Email me when it's back" on a sold-out size and colour (decision 0027): one open request per variant and address;
 * `notifiedAt` once its one mail is queued (then it is done).
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: serial('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** 'restock': the size and colour came back; 'drop': the product opens for sale (decision 0036; size, colour ''). */
    reason: text('reason').$type<AlertReason>().notNull().default('restock'),
    email: text('email').notNull(),
    /** The address as the caps compare it: lowercased, plus-tag removed (app/lib mailbox normalising). */
    mailbox: text('mailbox').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * An anonymous request is kept unconfirmed until its address opens the "confirm you want this alert" link (only
     * a hash of the link's token is kept); a signed-in customer's own verified address is confirmed at once.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    confirmTokenHash: text('confirm_token_hash').unique(),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('back_in_stock_open_idx')
      .on(t.productId, t.reason, t.size, t.color, t.mailbox)
      .where(sql`${t.notifiedAt} is null`),
    check('back_in_stock_reason_valid', sql`${t.reason} in ('restock', 'drop')`),
  ],
);

/**
 * Submissions of the forms that make the store send mail or keep an address (back-in-stock, newsletter, contact),
 * for their hourly caps per client address and per mailbox (shared by every process). Rows older than a day are
 * pruned.
 */
export const formAttempts = pgTable(
  'form_attempts',
  {
    id: serial('id').primaryKey(),
    form: text('form').notNull(),
    clientKey: text('client_key').notNull(),
    mailbox: text('mailbox'),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_attempts_client_idx').on(t.form, t.clientKey, t.createdAt),
    index('form_attempts_mailbox_idx').on(t.form, t.mailbox, t.createdAt),
  ],
);

/**
 * Addresses that asked for no marketing mail (the abandoned-cart mail,
 * docs/requirements.md#9-order-and-payment-statuses), by one-click unsubscribe.
 */
export const mailOptOuts = pgTable('mail_opt_outs', {
  /** Lowercased. */
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/** Who changed what in the admin area, with the record before and after (null for creations and deletions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(...newestFirst(t)),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
  ],
);

/**
 * A mail that failed its last retry in the job queue (app/server/jobs/mail-jobs.server.ts), kept with its content
 * so an admin can send it again from /admin/mail-failures; retriedAt is set once it has been queued again.
 */
export const mailFailures = pgTable(
  'mail_failures',
  {
    id: serial('id').primaryKey(),
    /** The pg-boss job that gave up: one row per job, however often its failure is reported. */
    jobId: text('job_id').notNull().unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    mail: jsonb('mail').$type<{ to: string; subject: string; text: string; html?: string }>().notNull(),
    lastError: text('last_error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    retriedAt: timestamp('retried_at', { withTimezone: true, mode: 'date' }),
    retryJobId: text('retry_job_id'),
  },
  (t) => [
    index('mail_failures_open_idx')
      .on(t.failedAt.desc(), t.id.desc())
      .where(sql`${t.retriedAt} is null`),
  ],
);
