/**
 * /admin/reviews against real PostgreSQL (decision 0040): pending first; approving shows a review on the product page
 * (average, count, JSON-LD) and drops the stored pages; hiding takes it away; a reply shows under it; all audited.
 */
import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductJsonLd } from '~/components/catalog/product/product-json-ld';
import { CardRating } from '~/components/reviews/review-stars';
import { auditLog, products, reviews } from '~/db/schema';
import { reviewsJsonLd } from '~/lib/reviews/review-json-ld';
import { getProductPage } from '~/server/catalog/product.server';
import { productCards } from '~/server/catalog/product-cards.server';
import { getDashboard } from '~/server/admin/dashboard.server';
import { db } from '~/server/db.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const route = await routeModule<typeof import('~/routes/admin/reviews')>('routes/admin/reviews.tsx');

/** A review written straight into the table, as the buyer's form leaves it: pending. */
async function pendingReview(product: { id: string; name: string; price: number }, rating: number, title: string) {
  const buyer = await createUser();
  const order = await createOrder({ userId: buyer.id, status: 'delivered', items: [{ product, size: 'M' }] });
  const [review] = await db()
    .insert(reviews)
    .values({
      productId: product.id,
      orderId: order.id,
      position: 0,
      userId: buyer.id,
      rating,
      title,
      body: 'Good.',
      author: 'Ada O.',
    })
    .returning();
  return review;
}

const jsonLdOf = async (productId: string) => {
  const page = (await getProductPage(productId))!;
  const html = renderToString(
    createElement(ProductJsonLd, {
      product: page.product,
      url: 'https://shop.test/p',
      available: true,
      reviews: reviewsJsonLd(page.reviews),
    }),
  );
  return JSON.parse(/<script[^>]*>(.*)<\/script>/s.exec(html)![1]) as Record<string, unknown>;
};

const moderate = (cookie: string, fields: Record<string, string>) =>
  outcome(() => route.action(args(post('/admin/reviews', fields, { cookie }))));

describe('/admin/reviews', () => {
  it('lists pending reviews first and counts them on the dashboard', async () => {
    const admin = await createUser({ admin: true });
    const product = await createProduct();
    const first = await pendingReview(product, 3, 'First');
    const second = await pendingReview(product, 4, 'Second');
    await db().update(reviews).set({ status: 'approved' }).where(eq(reviews.id, second.id));
    const page = await outcome(() => route.loader(args(get('/admin/reviews', admin.cookie))));
    const listed = (page.data as { reviews: { id: string }[]; pending: number }).reviews.map((r) => r.id);
    expect(listed.indexOf(first.id)).toBeLessThan(listed.indexOf(second.id));
    expect((await getDashboard()).counts.pendingReviews).toBe((page.data as { pending: number }).pending);
  });

  it('approving updates the average, the count and the JSON-LD, drops stored pages, and is audited', async () => {
    const admin = await createUser({ admin: true });
    const product = await createProduct();
    const five = await pendingReview(product, 5, 'Lovely');
    const two = await pendingReview(product, 2, 'Too small');
    expect((await getProductPage(product.id))!.reviews).toMatchObject({ count: 0, average: null, items: [] });
    const before = await jsonLdOf(product.id);
    expect(before).not.toHaveProperty('aggregateRating');
    expect(before).not.toHaveProperty('review');

    const version = contentVersion();
    const approved = await moderate(admin.cookie, { id: five.id, intent: 'approve' });
    expect([approved.status, approved.location]).toEqual([302, '/admin/reviews']);
    expect(contentVersion()).toBeGreaterThan(version);
    expect((await getProductPage(product.id))!.reviews).toMatchObject({ count: 1, average: 5 });
    await moderate(admin.cookie, { id: two.id, intent: 'approve' });
    const page = (await getProductPage(product.id))!;
    expect(page.reviews).toMatchObject({ count: 2, average: 3.5 });
    expect(page.reviews.items.map((r) => r.id)).toEqual([two.id, five.id]);
    const after = await jsonLdOf(product.id);
    expect(after.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.5,
      reviewCount: 2,
      bestRating: 5,
    });
    expect(after.review).toHaveLength(2);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, five.id)));
    expect(audit).toMatchObject([{ action: 'review.approved', actorEmail: admin.email }]);
  });

  it("a product card shows its approved reviews' stars and count, never pending or hidden ones", async () => {
    const admin = await createUser({ admin: true });
    const product = await createProduct();
    const [five, two, hidden] = [
      await pendingReview(product, 5, 'Lovely'),
      await pendingReview(product, 2, 'Too small'),
      await pendingReview(product, 4, 'Fine'),
    ];
    await pendingReview(product, 1, 'Waiting');
    const card = async () => (await productCards({ where: eq(products.id, product.id), limit: 1 }))[0].rating;
    expect(await card()).toBeNull();
    for (const review of [five, two, hidden]) await moderate(admin.cookie, { id: review.id, intent: 'approve' });
    await moderate(admin.cookie, { id: hidden.id, intent: 'hide' });
    const rating = await card();
    expect(rating).toEqual({ average: 3.5, count: 2 });
    const markup = renderToString(createElement(CardRating, { rating: rating! }));
    expect(markup).toContain('aria-label="Rated 3.5 out of 5"');
    expect(markup).toContain('★★★★☆');
    expect(markup).toContain('(2)');
    expect(markup).toContain(', 2 reviews');
  });

  it('hides a review and shows a reply under it; refuses an empty reply and an unknown review', async () => {
    const admin = await createUser({ admin: true });
    const product = await createProduct();
    const review = await pendingReview(product, 4, 'Fine');
    await moderate(admin.cookie, { id: review.id, intent: 'approve' });
    const replied = await moderate(admin.cookie, { id: review.id, intent: 'reply', reply: 'Thank you, Ada!' });
    expect(replied.status).toBe(302);
    expect((await getProductPage(product.id))!.reviews.items[0].reply).toBe('Thank you, Ada!');
    expect((await moderate(admin.cookie, { id: review.id, intent: 'reply', reply: ' ' })).status).toBe(400);
    expect((await moderate(admin.cookie, { id: 'nosuchreview00', intent: 'approve' })).status).toBe(404);
    await moderate(admin.cookie, { id: review.id, intent: 'hide' });
    expect((await getProductPage(product.id))!.reviews).toMatchObject({ count: 0, items: [] });
  });

  it('refuses a customer', async () => {
    const customer = await createUser();
    const product = await createProduct();
    const review = await pendingReview(product, 5, 'Mine');
    const answer = await moderate(customer.cookie, { id: review.id, intent: 'approve' });
    expect(answer.status).toBe(302);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row.status).toBe('pending');
  });
});
