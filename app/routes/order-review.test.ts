/**
 * A buyer's review (decision 0040) through the route as React Router runs it: only the customer's own delivered order,
 * once per line (also for a forged post and two posts at once); photos lose their EXIF (GPS included); the product
 * page shows only approved reviews, with hostile text kept as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ProductReviewList } from '~/components/reviews/product-reviews';
import { reviews } from '~/db/schema';
import { REVIEW_MESSAGES } from '~/lib/reviews/review-form';
import { productReviewsView } from '~/lib/reviews/reviews';
import { db } from '~/server/db.server';
import { getProductPage } from '~/server/catalog/product.server';
import { multipart, png } from '../../tests/admin-catalog-helpers';
import { createOrder, createProduct, createUser, TEST_ADDRESS } from '../../tests/factories';
import { outcome, routeModule } from '../../tests/route-helpers';

// Before the route modules read the settings: this file's photos go to a folder of its own.
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/reviews-test-${process.pid}-${Date.now()}`;
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const page = await routeModule<typeof import('~/routes/order-review')>('routes/order-review.tsx');
const orderPage = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');

const GPS_IFD_TAG = Buffer.from([0x25, 0x88, 0x04, 0x00]);
const FIELDS = { rating: '4', title: 'Fits true to size', body: 'Heavy cotton, the colour is as shown.' };

async function deliveredLine(status: 'delivered' | 'shipped' = 'delivered') {
  const buyer = await createUser();
  const product = await createProduct();
  const shippingAddress = { ...TEST_ADDRESS, firstName: 'Chiamaka', lastName: 'obi' };
  const order = await createOrder({ userId: buyer.id, status, items: [{ product, size: 'L' }], shippingAddress });
  return { buyer, product, order, url: `/orders/${order.id}/review/0` };
}

const send = (url: string, cookie: string, fields = FIELDS, files: Parameters<typeof multipart>[2] = []) =>
  outcome(() => page.action({ request: multipart(url, fields, files, { cookie }), params: paramsOf(url) } as never));

const paramsOf = (url: string) => {
  const [, , orderId, , position] = url.split('/');
  return { orderId, position };
};

const stored = (orderId: string) => db().select().from(reviews).where(eq(reviews.orderId, orderId));

describe('/orders/:orderId/review/:position', () => {
  it('takes a review of a delivered line, pending, by first name and initial', async () => {
    const { buyer, order, url } = await deliveredLine();
    const form = await outcome(() =>
      page.loader({
        request: new Request(`http://shop.test${url}`, { headers: { cookie: buyer.cookie } }),
        params: paramsOf(url),
      } as never),
    );
    expect(form.status).toBe(200);
    const sent = await send(url, buyer.cookie);
    expect([sent.status, sent.location]).toEqual([302, `${url}?sent=1`]);
    const [review] = await stored(order.id);
    expect(review).toMatchObject({ rating: 4, status: 'pending', author: 'Chiamaka O.', title: 'Fits true to size' });
  });

  it('refuses an order not delivered, also by a forged post, and another customer’s order', async () => {
    const { buyer, order, url } = await deliveredLine('shipped');
    const loaded = await outcome(() =>
      page.loader({
        request: new Request(`http://shop.test${url}`, { headers: { cookie: buyer.cookie } }),
        params: paramsOf(url),
      } as never),
    );
    expect([loaded.status, loaded.data]).toEqual([409, REVIEW_MESSAGES.notDelivered]);
    const forged = await send(url, buyer.cookie);
    expect([forged.status, forged.data]).toEqual([409, REVIEW_MESSAGES.notDelivered]);
    const delivered = await deliveredLine();
    const stranger = await createUser();
    const theirs = await send(delivered.url, stranger.cookie);
    expect([theirs.status, theirs.data]).toEqual([403, REVIEW_MESSAGES.notYours]);
    expect(await stored(order.id)).toHaveLength(0);
    expect(await stored(delivered.order.id)).toHaveLength(0);
  });

  it('refuses a second review of the same line, also when two are sent at once', async () => {
    const { buyer, order, url } = await deliveredLine();
    const both = await Promise.all([send(url, buyer.cookie), send(url, buyer.cookie)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const again = await send(url, buyer.cookie);
    expect([again.status, again.data]).toEqual([409, REVIEW_MESSAGES.reviewed]);
    expect(await stored(order.id)).toHaveLength(1);
  });

  it('the order page invites a review per line once delivered, then says the line is reviewed', async () => {
    const shipped = await deliveredLine('shipped');
    const reviewedOf = async ({ buyer, order }: typeof shipped) => {
      const request = new Request(`http://shop.test/orders/${order.id}`, { headers: { cookie: buyer.cookie } });
      const answer = await outcome(() => orderPage.loader({ request, params: { orderId: order.id } } as never));
      return (answer.data as { reviewed: number[] | null }).reviewed;
    };
    expect(await reviewedOf(shipped)).toBeNull();
    const delivered = await deliveredLine();
    expect(await reviewedOf(delivered)).toEqual([]);
    await send(delivered.url, delivered.buyer.cookie);
    expect(await reviewedOf(delivered)).toEqual([0]);
  });

  it('answers bad fields with the form’s messages and stores nothing', async () => {
    const { buyer, order, url } = await deliveredLine();
    const bad = await send(url, buyer.cookie, { rating: '9', title: '', body: 'short' });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      rating: [REVIEW_MESSAGES.rating],
      title: [REVIEW_MESSAGES.title],
      body: [REVIEW_MESSAGES.body],
    });
    expect(await stored(order.id)).toHaveLength(0);
  });

  it('stores photos as WebP without their EXIF: no GPS location survives', async () => {
    const { buyer, order, url } = await deliveredLine();
    const photo = await sharp(await png(800, 1000))
      .jpeg()
      .withExif({ IFD0: { Artist: 'Chiamaka' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
      .toBuffer();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the photo as sent.
    expect((await sharp(photo).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);
    const sent = await send(url, buyer.cookie, FIELDS, [
      { field: 'photos', name: 'me.jpg', bytes: photo, type: 'image/jpeg' },
    ]);
    expect(sent.status).toBe(302);
    const [review] = await stored(order.id);
    expect(review.photos).toHaveLength(1);
    expect(review.photos[0].key).toMatch(/^reviews\/\d{13}_me$/);
    for (const width of review.photos[0].widths) {
      const file = fs.readFileSync(path.join(dataDir, 'uploads', `${review.photos[0].key}-${width}.webp`));
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(file.includes('Exif')).toBe(false);
      expect(file.includes(GPS_IFD_TAG)).toBe(false);
    }
  });

  it('refuses more than three photos and a file that is not an image, storing nothing', async () => {
    const { buyer, order, url } = await deliveredLine();
    const tiny = await png(40, 40);
    const four = Array.from({ length: 4 }, (_, n) => ({ field: 'photos', name: `p${n}.png`, bytes: tiny }));
    const many = await send(url, buyer.cookie, FIELDS, four);
    expect(many.status).toBe(400);
    const text = Buffer.from('not a picture');
    const fake = await send(url, buyer.cookie, FIELDS, [
      { field: 'photos', name: 'x.jpg', bytes: text, type: 'image/jpeg' },
    ]);
    expect(fake.status).toBe(400);
    expect(await stored(order.id)).toHaveLength(0);
  });

  it('shows on the product page only once approved, and hostile text stays text', async () => {
    const { buyer, product, order, url } = await deliveredLine();
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await send(url, buyer.cookie, { rating: '5', title: hostile, body: `${hostile} and more words` });
    const before = await getProductPage(product.id);
    expect(before?.reviews).toMatchObject({ count: 0, average: null, items: [] });
    await db().update(reviews).set({ status: 'approved' }).where(eq(reviews.orderId, order.id));
    const after = (await getProductPage(product.id))!;
    expect(after.reviews).toMatchObject({ count: 1, average: 5, items: [{ title: hostile, size: 'L' }] });
    const html = renderToString(
      createElement(ProductReviewList, { reviews: productReviewsView(after.reviews, `/product/${product.id}`) }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Verified buyer');
    expect(html).toContain('Chiamaka O.');
  });
});
