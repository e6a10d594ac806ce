/**
 * What the mails page (/admin/settings/mails) fills each mail with: the store's real frame (name, logo, contacts:
 * mail/store.server.ts), two of its own products (a fixture while it has none) and a sample order made of them in
 * memory. Nothing is written: the order, its number and the links' tokens exist only in the mail shown or sent as a
 * test, and those links open a page saying the link is not valid.
 */
import { eq } from 'drizzle-orm';
import { products } from '~/db/schema';
import type { ShippingAddress } from '~/lib/accounts/address';
import type { StoredImage } from '~/lib/images';
import type { PaymentStatus } from '~/lib/orders/orders';
import { productCards } from '../catalog/product-cards.server';
import type { MailStore } from '../mail/frame.server';
import { mailStore } from '../mail/store.server';
import { getSettings } from './settings.server';
import type { MailOrder } from '../orders/order-mails.server';

/** A product as the sample mails show it. */
export type SampleProduct = {
  id: string;
  name: string;
  price: number;
  size: string;
  color: string;
  image: StoredImage | null;
};

/** Everything a sample mail is made from. `to`: where a test goes, the signed-in admin's own address. */
export type MailSample = {
  store: MailStore;
  to: string;
  customer: ShippingAddress;
  products: [SampleProduct, ...SampleProduct[]];
  /** A made-up token for the links of the account and alert mails: their pages answer that it is not valid. */
  token: string;
  /** The store's transfer window (settings), which the awaiting-transfer mail names. */
  transferWindowMinutes: number;
};

/** A store without products of its own yet still sees every mail. */
const FIXTURE_PRODUCTS: [SampleProduct, ...SampleProduct[]] = [
  { id: 'sample-adire-dress', name: 'Adire Wrap Dress', price: 45_000_00, size: 'M', color: 'Indigo', image: null },
  { id: 'sample-linen-shirt', name: 'Linen Shirt', price: 28_500_00, size: 'L', color: 'Sand', image: null },
];

/** The sample customer: the mails greet them; a test is still sent to the admin, never to this address. */
const sampleCustomer = (email: string): ShippingAddress => ({
  firstName: 'Amaka',
  lastName: 'Eze',
  country: 'Nigeria',
  address: '2 Awolowo Road',
  city: 'Ikoyi',
  state: 'Lagos',
  phone: '+234 803 123 4567',
  email,
});

export const SAMPLE_TOKEN = 'sample-link-from-the-mails-page';

/** Two products on sale (the first by name), as the product cards read them: one statement. */
async function sampleProducts(): Promise<[SampleProduct, ...SampleProduct[]]> {
  const cards = await productCards({ where: eq(products.inStock, true), limit: 2 });
  const found = cards.map((card) => ({
    id: card.id,
    name: card.name,
    price: card.price,
    size: card.firstSize,
    color: card.firstColor,
    image: card.image,
  }));
  return found.length ? (found as [SampleProduct, ...SampleProduct[]]) : FIXTURE_PRODUCTS;
}

export async function mailSample(to: string): Promise<MailSample> {
  const [store, found, settings] = await Promise.all([mailStore(), sampleProducts(), getSettings()]);
  const { transferWindowMinutes } = settings;
  return { store, to, customer: sampleCustomer(to), products: found, token: SAMPLE_TOKEN, transferWindowMinutes };
}

/** The sample order's id: its number in the mails is its last eight characters, SAMPLE01. */
export const SAMPLE_ORDER_ID = 'mailspagesample01';
const SAMPLE_SHIPPING = 3_500_00;

/**
 * The sample order, in memory only: one of each sample product (two of the second), delivered to the sample customer
 * in Lagos within 1 to 2 working days, paid by card (or, with `paymentStatus` 'due', to pay on delivery).
 */
export function sampleOrder(sample: MailSample, paymentStatus: PaymentStatus = 'paid'): MailOrder {
  const items = sample.products.map((product, index) => ({
    name: product.name,
    size: product.size,
    color: product.color,
    quantity: index + 1,
    unitPrice: product.price,
    image: product.image,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  return {
    id: SAMPLE_ORDER_ID,
    reference: paymentStatus === 'due' ? '' : 'pj-1764288000000-sample',
    subtotal,
    shipping: SAMPLE_SHIPPING,
    discount: 0,
    promoCode: null,
    total: subtotal + SAMPLE_SHIPPING,
    address: sample.customer,
    delivery: {
      method: 'delivery',
      zone: 'Lagos Island',
      minDays: 1,
      maxDays: 2,
      pickupAddress: null,
      pickupHours: null,
    },
    items,
    paymentStatus,
  };
}
