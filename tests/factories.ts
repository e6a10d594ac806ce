/** Rows for tests, with sensible defaults; each call makes a new, distinct record. */
import { eq } from 'drizzle-orm';
import { admins, collections, orderItems, orders, productImages, products, productVariants, users } from '~/db/schema';
import type { ShippingAddress } from '~/lib/accounts/address';
import type { StoredImage } from '~/lib/images';
import type { OrderStatus, PaymentStatus } from '~/lib/orders/orders';
import { grantAcceptedAdmin } from '~/server/accounts/admin-rights.server';
import { auth } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';

let counter = 0;
const next = () => ++counter;

type CollectionInput = Partial<typeof collections.$inferInsert>;

export async function createCollection(input: CollectionInput = {}) {
  const n = next();
  const [row] = await db()
    .insert(collections)
    .values({ name: `Collection ${n}`, description: `Description of collection ${n}`, ...input })
    .returning();
  return row;
}

type ProductInput = Partial<typeof products.$inferInsert> & {
  /** Stock per "size/color" key, e.g. { 'M/Black': 3 }; variants not named are not tracked. */
  stock?: Record<string, number | null>;
  imageCount?: number;
};

export async function createProduct({ stock = {}, imageCount = 1, ...input }: ProductInput = {}) {
  const n = next();
  const [product] = await db()
    .insert(products)
    .values({
      name: `Product ${n}`,
      description: `A well made product number ${n}.`,
      price: 15_000_00,
      category: 'Shirts',
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'White'],
      ...input,
    })
    .returning();
  const variants = Object.entries(stock).map(([key, value]) => {
    const [size = '', color = ''] = key.split('/');
    return { productId: product.id, size, color, stock: value };
  });
  if (variants.length) await db().insert(productVariants).values(variants);
  if (imageCount > 0) {
    await db()
      .insert(productImages)
      .values(
        Array.from({ length: imageCount }, (_, position) => ({
          productId: product.id,
          position,
          key: `products/test_${product.id}_${position}`,
          width: 1200,
          height: 1500,
          widths: [320, 640],
          alt: product.name,
        })),
      );
  }
  return product;
}

type UserInput = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  admin?: boolean;
  verified?: boolean;
  /** The address is listed in `admins` but no invitation was accepted: no rights (decision 0026). */
  listed?: boolean;
};

/**
 * A signed-up account (through Better Auth's server API: no rate limit and no password-strength check) and a
 * signed-in session for it: `cookie` is the Cookie header a request of that user carries. `admin`: an accepted admin
 * at once (the trusted path of the seed, not an invitation), verified unless `verified: false`.
 */
export async function createUser({
  email,
  password = 'secret-pass',
  firstName = 'Test',
  lastName = 'Customer',
  admin = false,
  verified = admin,
  listed = false,
}: UserInput = {}) {
  const n = next();
  const address = email ?? `user-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await auth().api.signUpEmail({
    body: { email: address, password, name: `${firstName} ${lastName}`, firstName, lastName },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`createUser failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  if (verified) await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (listed) await db().insert(admins).values({ email: user.email }).onConflictDoNothing();
  if (admin) await grantAcceptedAdmin(db(), user.id);
  // Registering does not sign in (docs/requirements.md#14-messages): the session comes from signing in.
  const signedIn = await auth().api.signInEmail({ body: { email: address, password }, asResponse: true });
  if (!signedIn.ok) throw new Error(`createUser sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { id: user.id, email: user.email, password, firstName, lastName, cookie };
}

export const TEST_ADDRESS: ShippingAddress = {
  firstName: 'Ada',
  lastName: 'Obi',
  country: 'Nigeria',
  address: '12 Admiralty Way',
  apartment: 'Flat 3',
  city: 'Lekki',
  state: 'Lagos',
  phone: '+234 803 123 4567',
  email: 'ada@example.com',
};

type OrderItemInput = {
  /** A product row (its name and price become the snapshot) or nothing for a free-standing snapshot. */
  product?: { id: string; name: string; price: number } | null;
  name?: string;
  unitPrice?: number;
  image?: StoredImage | null;
  size?: string;
  color?: string;
  quantity?: number;
};

type OrderInput = {
  userId: string;
  items?: OrderItemInput[];
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  shipping?: number;
  shippingAddress?: ShippingAddress;
  paymentReference?: string | null;
  createdAt?: Date;
  /** Kobo a promo code took off (taken off the total) and the code the order keeps; none by default. */
  discount?: number;
  promoCode?: string | null;
};

/**
 * An order with its item snapshots; subtotal and total are computed from the items (delivery ₦2,600 by default, less
 * any discount).
 */
export async function createOrder({
  userId,
  items = [{}],
  status,
  paymentStatus,
  shipping = 2_600_00,
  shippingAddress = TEST_ADDRESS,
  paymentReference,
  createdAt,
  discount = 0,
  promoCode = null,
}: OrderInput) {
  const n = next();
  const lines = items.map((item, position) => ({
    position,
    productId: item.product?.id ?? null,
    name: item.name ?? item.product?.name ?? `Ordered item ${n}.${position + 1}`,
    unitPrice: item.unitPrice ?? item.product?.price ?? 10_000_00,
    image: item.image ?? null,
    size: item.size ?? 'M',
    color: item.color ?? 'Black',
    quantity: item.quantity ?? 1,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      status,
      paymentStatus,
      paymentReference:
        paymentReference === undefined
          ? `pj_${Date.now()}_${n}${Math.random().toString(36).slice(2, 8)}`
          : paymentReference,
      subtotal,
      shipping,
      discount,
      promoCode,
      total: subtotal + shipping - discount,
      shippingAddress,
      ...(createdAt ? { createdAt, reservedAt: createdAt } : {}),
    })
    .returning();
  if (lines.length)
    await db()
      .insert(orderItems)
      .values(lines.map((line) => ({ ...line, orderId: order.id })));
  return { ...order, items: lines };
}
