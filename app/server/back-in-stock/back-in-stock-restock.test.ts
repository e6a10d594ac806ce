/**
 * "Email me when it's back" (decision 0027), the mails when the stock returns through the admin's stock grid and
 * through a released unpaid order: one per confirmed request across two restocks, none unconfirmed, none while the
 * setting is off, hostile product names kept as text.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseOrder } from '~/server/payments/payment-sweep.server';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { createOrder, createUser } from '../../../tests/factories';
import { eventually } from '../../../tests/job-helpers';
import { testMailStore } from '../../../tests/mail-helpers';
import { alertMail } from './alert-mails.server';
import { sendBackInStockMails } from './notify.server';
import {
  askConfirmed,
  askFor,
  openRequests,
  outboxMails,
  restocked,
  saveStock,
  setMail,
  soldOutProduct,
  withBackInStock,
} from './back-in-stock-test-helpers';

describe('when the stock returns', () => {
  withBackInStock();

  it('the admin restocks: one mail per request (piece, price, link); a second restock sends none', async () => {
    const product = await soldOutProduct({ price: 15_000_00 });
    await askConfirmed(product.id, 'ada@example.com');
    const customer = await createUser({ verified: true });
    await askFor(product.id, {}, customer.cookie);
    const subject = `Back in stock: ${product.name}`;

    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    const mails = outboxMails(subject);
    expect(mails).toHaveLength(2);
    const ada = mails.find((mail) => mail.includes('To: ada@example.com'))!;
    expect(ada).toContain(`${product.name} (size M, colour Black) is back in stock`);
    expect(ada).toContain('Price now: ₦15,000');
    expect(ada).toContain(`/product/${product.id}`);
    expect(mails.some((mail) => mail.includes(`To: ${customer.email}`))).toBe(true);
    expect((await openRequests(product.id)).every((row) => row.notifiedAt !== null)).toBe(true);

    // Sold out and back again: those requests are done.
    await saveStock(product, { 'M|Black': '0', 'M|White': '4' });
    await saveStock(product, { 'M|Black': '2', 'M|White': '4' });
    await restocked();
    // Even a job for the product (another restock's, racing this one) finds nothing left to send.
    expect(await sendBackInStockMails({ productIds: [product.id] })).toBe(0);
    await restocked();
    expect(outboxMails(subject)).toHaveLength(2);
  });

  it('a restock of another size and colour leaves the request open', async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'wait@example.com');
    await saveStock(product, { 'M|Black': '0', 'M|White': '9' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
  });

  it("an unpaid order's stock released by the sweep mails the waiting request", async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'sweep@example.com');
    const customer = await createUser();
    const order = await createOrder({
      userId: customer.id,
      items: [{ product, size: 'M', color: 'Black', quantity: 1 }],
    });
    expect(await releaseOrder(order.id, 'abandoned', 'abandoned')).toBe(true);
    await restocked();
    expect(
      outboxMails(`Back in stock: ${product.name}`).filter((m) => m.includes('To: sweep@example.com')),
    ).toHaveLength(1);
  });

  it('with the mail switched off nothing is sent and the requests stay open', async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'off@example.com');
    await setMail(false, 0);
    await saveStock(product, { 'M|Black': '5', 'M|White': '4' });
    await restocked();
    // Even a job already queued does nothing while it is off.
    expect(await sendBackInStockMails({ productIds: [product.id] })).toBe(0);
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
  });

  it("the delay: the mails wait the setting's minutes after the restock", async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'later@example.com');
    await setMail(true, 30);
    await saveStock(product, { 'M|Black': '5', 'M|White': '4' });
    const delayed = await eventually(async () => {
      const rows = await db().execute<{ after: number }>(sql`
        select extract(epoch from start_after - now())::int as after from pgboss.job
        where name = ${QUEUES.backInStock.name} and data -> 'productIds' ? ${product.id} and data ->> 'due' = 'true'`);
      return rows[0];
    });
    expect(delayed.after).toBeGreaterThan(29 * 60);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    // Its time come, the delayed job sends.
    await db().execute(sql`update pgboss.job set start_after = now()
      where name = ${QUEUES.backInStock.name} and data ->> 'due' = 'true' and data -> 'productIds' ? ${product.id}`);
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toHaveLength(1);
  });

  it('a hostile product name stays text in the HTML part', async () => {
    const name = `<img src=x onerror=alert(1)> "Bold" & <b>Co</b>`;
    const product = await soldOutProduct({ name });
    await askConfirmed(product.id, 'hostile@example.com');
    await saveStock(product, { 'M|Black': '1', 'M|White': '4' });
    await restocked();
    const [mail] = outboxMails('To: hostile@example.com');
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Bold&quot; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    // The plain-text part shows the name as typed.
    expect(mail.slice(0, mail.indexOf('Content-Type: text/html'))).toContain(`${name} (size M, colour Black)`);

    const alert = { email: 'h@example.com', size: '', color: '', productId: product.id, name, price: 100_00 };
    const unit = await alertMail(
      { ...alert, image: null, reason: 'restock' },
      { ...testMailStore, name: 'Store <script>' },
    );
    expect(unit.html).not.toContain('<script>');
    expect(unit.html).not.toContain('<img src=x');
  });
});
