/** The demo reviews (decision 0040): approved reviews of the demo customer's delivered orders, on the product page. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, reviews } from '~/db/schema';
import { getProductPage } from '~/server/catalog/product.server';
import { db } from '~/server/db.server';
import { createProduct, createUser } from '../../tests/factories';
import { seedDemoOrders } from './demo-orders';
import { seedDemoReviews } from './demo-reviews';

describe('seedDemoReviews', () => {
  it('reviews the first line of each delivered order, approved, once', async () => {
    const customer = await createUser({ firstName: 'Demo', lastName: 'Customer' });
    for (let i = 0; i < 4; i++) await createProduct({ name: `Reviewed piece ${i}` });
    expect(await seedDemoReviews(customer.id)).toBe(0);
    await seedDemoOrders(customer.id, { now: new Date('2026-11-30T11:00:00Z') });
    const delivered = await db().select().from(orders).where(eq(orders.status, 'delivered'));
    expect(delivered.length).toBeGreaterThan(0);

    expect(await seedDemoReviews(customer.id)).toBe(delivered.length);
    expect(await seedDemoReviews(customer.id)).toBe(0);
    const rows = await db().select().from(reviews).where(eq(reviews.userId, customer.id));
    expect(rows.map((row) => row.orderId).sort()).toEqual(delivered.map((order) => order.id).sort());
    expect(rows.every((row) => row.status === 'approved' && row.author === 'Demo C.' && row.position === 0)).toBe(true);
    const page = await getProductPage(rows[0].productId);
    expect(page?.reviews.count).toBeGreaterThan(0);
  });
});
