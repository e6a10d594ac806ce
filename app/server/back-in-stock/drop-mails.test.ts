/**
 * "Email me when it drops" (decision 0036): asked from the product page before the opening (the back-in-stock flow,
 * its confirm link and caps), mailed once at the opening, even when two runs race; never a restock mail.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACK_IN_STOCK_CONFIRM_MESSAGES, BACK_IN_STOCK_MESSAGES } from '~/lib/back-in-stock/back-in-stock';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { createProduct, createUser } from '../../../tests/factories';
import { drainJobs } from '../../../tests/job-helpers';
import { args, get, outcome } from '../../../tests/route-helpers';
import { queueDropMails, sendDropMails } from './drop-mails.server';
import { sendBackInStockMails } from './notify.server';
import {
  askFor,
  confirmationTo,
  confirmPage,
  confirmUrl,
  openRequests,
  outboxMails,
  pressConfirm,
  withBackInStock,
} from './back-in-stock-test-helpers';

const dropFields = { reason: 'drop', size: '', color: '' };
const upcomingDrop = (input: Parameters<typeof createProduct>[0] = {}) =>
  createProduct({ dropsAt: new Date(Date.now() + 3_600_000), ...input });
const open = (productId: string) =>
  db().execute(sql`update products set drops_at = now() - interval '1 second' where id = ${productId}`);

describe('email me when it drops', () => {
  withBackInStock();

  it('a visitor confirms by mail; a verified customer is added at once; an open product is not asked for', async () => {
    const product = await upcomingDrop();
    const visitor = await askFor(product.id, { ...dropFields, email: 'drop-fan@example.com' });
    expect(visitor).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.dropConfirmByMail, ok: true });
    expect(visitor.location).toBe(
      `/product/${product.id}?${new URLSearchParams({ message: visitor.message!, ok: '1' })}#back-in-stock`,
    );
    const sent = await confirmationTo('drop-fan@example.com');
    expect(sent!.mail).toContain(`once when ${product.name} drops (opens for sale)`);
    const page = await outcome(() => confirmPage.loader(args(get(confirmUrl(sent!.token)))));
    expect(page.data).toMatchObject({ state: 'ask', drop: true });
    expect((await pressConfirm(sent!.token)).data).toMatchObject({ state: 'done', drop: true });
    expect(BACK_IN_STOCK_CONFIRM_MESSAGES.doneDrop).toContain('when it drops');

    const customer = await createUser({ verified: true });
    expect((await askFor(product.id, dropFields, customer.cookie)).message).toBe(BACK_IN_STOCK_MESSAGES.dropAdded);
    const rows = await openRequests(product.id);
    expect(rows.map((row) => [row.reason, row.size, row.color, row.confirmedAt !== null])).toEqual([
      ['drop', '', '', true],
      ['drop', '', '', true],
    ]);

    const already = await createProduct();
    expect((await askFor(already.id, { ...dropFields, email: 'late@example.com' })).message).toBe(
      BACK_IN_STOCK_MESSAGES.dropOpen,
    );
    expect(await openRequests(already.id)).toHaveLength(0);
  });

  it('mails each confirmed request once at the opening, however many runs race for it', async () => {
    const product = await upcomingDrop({ name: 'Midnight Drop Hoodie', price: 45_000_00 });
    const customers = await Promise.all([createUser({ verified: true }), createUser({ verified: true })]);
    for (const customer of customers) await askFor(product.id, dropFields, customer.cookie);
    // Not confirmed: never mailed.
    await askFor(product.id, { ...dropFields, email: 'unconfirmed@example.com' });
    const subject = `It has dropped: ${product.name}`;

    // Before the opening, nothing is sent.
    expect(await sendDropMails()).toBe(0);
    await open(product.id);
    // Two processes' runs at the same minute (each its own transaction, as two workers): one mail per request.
    const runs = await Promise.all([sendDropMails(), sendDropMails(), sendDropMails()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sendDropMails()).toBe(0);
    await drainJobs({ queues: [QUEUES.mail.name] });
    const mails = outboxMails(subject);
    expect(mails).toHaveLength(2);
    for (const customer of customers)
      expect(mails.filter((mail) => mail.includes(`To: ${customer.email}`))).toHaveLength(1);
    expect(mails[0]).toContain('Price: ₦45,000');
    expect(mails[0]).toContain(`/product/${product.id}`);
    expect(outboxMails('To: unconfirmed@example.com').filter((mail) => mail.includes(subject))).toHaveLength(0);
  });

  it('the queued job sends them; a restock never mails a drop request', async () => {
    const product = await upcomingDrop({ name: 'Plain Drop Bag', sizes: [], colors: [] });
    const customer = await createUser({ verified: true });
    await askFor(product.id, dropFields, customer.cookie);
    // A product without sizes or colours: a restock check must not take the drop's request for its own.
    expect(await sendBackInStockMails({ productIds: [product.id] })).toBe(0);
    await open(product.id);
    await queueDropMails();
    await drainJobs({ queues: [QUEUES.dropMails.name, QUEUES.mail.name] });
    expect(outboxMails(`It has dropped: ${product.name}`)).toHaveLength(1);
    expect(outboxMails(`Back in stock: ${product.name}`)).toHaveLength(0);
  });
});
