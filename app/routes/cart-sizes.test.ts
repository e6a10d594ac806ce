/**
 * POST /cart and Pay follow the product's own sizes, from any size set (decision 0034): a shoe in 42 is added, a size
 * of the set the product is not sold in (or of another set) is refused at add-to-cart and at Pay, and a product sold
 * in one size needs no size chosen: its line keeps that size.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, productVariants } from '~/db/schema';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { db } from '~/server/db.server';
import { createProduct, createUser } from '../../tests/factories';
import { pay, putInCart, withSimulator } from '../../tests/checkout-helpers';
import { add, lineRows, withShirt } from './cart-test-helpers';

withShirt();
const simulator = withSimulator();

const sneaker = () =>
  createProduct({ name: 'Court sneaker', sizeSetId: 'shoeseu0000001', sizes: ['41', '42', '43'], colors: ['White'] });
const cap = () => createProduct({ name: 'Cap', sizeSetId: 'onesize0000001', sizes: ['One size'], colors: ['Navy'] });

describe('sizes from any set at add-to-cart', () => {
  it('adds a shoe in 42 and refuses 44 (in the set, not sold) and M (another set)', async () => {
    const shoe = await sneaker();
    expect(await add({ productId: shoe.id, size: '42', color: 'White' })).toMatchObject({ status: 200 });
    for (const size of ['44', 'M'])
      expect(await add({ productId: shoe.id, size, color: 'White' })).toMatchObject({
        status: 400,
        body: { message: CART_MESSAGES.badSize },
      });
    expect((await lineRows()).map((line) => line.size)).toEqual(['42']);
  });

  it('adds a one-size product with no size posted, and its line keeps that size', async () => {
    const oneSize = await cap();
    expect(await add({ productId: oneSize.id, size: '', color: 'Navy' })).toMatchObject({ status: 200 });
    expect((await lineRows()).map((line) => [line.size, line.quantity])).toEqual([['One size', 1]]);
    // A product with a choice still asks for one.
    expect(await add({ productId: (await sneaker()).id, size: '', color: 'White' })).toMatchObject({
      status: 400,
      body: { message: CART_MESSAGES.selectSize },
    });
  });
});

describe('sizes at Pay', () => {
  it('refuses a line in a size the product is no longer sold in, and places the one in 42', async () => {
    const shoe = await sneaker();
    await db().insert(productVariants).values({ productId: shoe.id, size: '42', color: 'White', sku: 'SNEAK-42' });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: shoe.id, size: '44', color: 'White' }]);
    const refused = await pay(customer.cookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain('can no longer be bought');
    await putInCart(customer.id, [{ productId: shoe.id, size: '42', color: 'White' }]);
    // The bad line still blocks Pay until it is removed.
    expect((await pay(customer.cookie)).status).toBe(409);
    const other = await createUser();
    await putInCart(other.id, [{ productId: shoe.id, size: '42', color: 'White' }]);
    const placed = await pay(other.cookie);
    expect(placed.status, JSON.stringify(placed.data)).toBe(200);
    expect(simulator.current.transactions.size).toBeGreaterThan(0);
    // The line keeps the SKU the variant was sold under (decision 0034), as it keeps the name and price.
    const { orderId } = (placed.data as { payment: { orderId: string } }).payment;
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({ size: '42', sku: 'SNEAK-42' });
  });
});
