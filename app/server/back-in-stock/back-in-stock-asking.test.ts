/**
 * "Email me when it's back" (decision 0027), asking: as a visitor and as a customer through POST /back-in-stock
 * (the same redirect back to the product with JavaScript or without), one answer whether the address is new or known,
 * mailboxes (case and plus-tags) and the hourly caps against a mail flood.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backInStockRequests } from '~/db/schema';
import { BACK_IN_STOCK_MAX_OPEN, BACK_IN_STOCK_MESSAGES } from '~/lib/back-in-stock/back-in-stock';
import { FORM_CAPS } from '~/lib/forms/form-caps';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { INVALID_EMAIL } from '~/lib/forms/forms';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { createUser } from '../../../tests/factories';
import { drainJobs } from '../../../tests/job-helpers';
import { args, get, outcome, post } from '../../../tests/route-helpers';
import {
  ask,
  askConfirmed,
  askFor,
  confirmationTo,
  openRequests,
  outboxMails,
  pressConfirm,
  productPage,
  restocked,
  saveStock,
  soldOutProduct,
  withBackInStock,
} from './back-in-stock-test-helpers';

describe('asking', () => {
  withBackInStock();

  it('a visitor gives an email: kept unconfirmed and mailed a link; asking again is answered the same', async () => {
    const product = await soldOutProduct();
    const first = await askFor(product.id, { email: ' Ngozi@Example.com ' });
    expect(first).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.confirmByMail, ok: true });
    expect(first.location).toMatch(new RegExp(`^/product/${product.id}\\?message=[^&#]+&ok=1#back-in-stock$`));
    const again = await askFor(product.id, { email: 'NGOZI+shop@example.com' });
    expect(again.location).toBe(first.location);
    const rows = await openRequests(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      size: 'M',
      color: 'Black',
      email: 'ngozi@example.com',
      mailbox: 'ngozi@example.com',
      userId: null,
      confirmedAt: null,
    });
    expect(rows[0].confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The mail names the catalog's piece. Asking again sent a fresh link to the address first kept, and only that
    // one works; only its hash is kept.
    await drainJobs({ queues: [QUEUES.mail.name] });
    const mails = outboxMails('To: ngozi@example.com');
    expect(mails).toHaveLength(2);
    const [firstLink, sent] = mails.map((mail) => ({ mail, token: /confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1] }));
    expect(sent.mail).toContain(`Subject: Confirm your alert: ${product.name}`);
    expect(sent.mail).toContain(`once when ${product.name} (size M, colour Black) is back in stock`);
    const [pending] = await openRequests(product.id);
    expect(pending.confirmTokenHash).toBe(createHash('sha256').update(sent.token).digest('hex'));
    expect(firstLink.token).not.toBe(sent.token);
    expect((await pressConfirm(firstLink.token)).status).toBe(400);
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();
    expect((await pressConfirm(sent.token)).status).toBe(200);
    expect((await openRequests(product.id))[0].confirmedAt).toBeInstanceOf(Date);
  });

  it('one answer for an address new, waiting unconfirmed, waiting confirmed or at its cap', async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'confirmed@example.com');
    await askFor(product.id, { email: 'pending@example.com' });
    for (let i = 0; i < BACK_IN_STOCK_MAX_OPEN; i++) {
      const other = await soldOutProduct();
      await db().insert(backInStockRequests).values({
        productId: other.id,
        size: 'M',
        color: 'Black',
        email: 'full@example.com',
        mailbox: 'full@example.com',
        confirmedAt: new Date(),
      });
    }
    const answers = await Promise.all(
      ['new@example.com', 'pending@example.com', 'confirmed@example.com', 'full@example.com'].map((email) =>
        outcome(() =>
          ask.action(args(post('/back-in-stock', { productId: product.id, size: 'M', color: 'Black', email }))),
        ),
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.location}`)).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 303 });
    expect(new URL(answers[0].location!, 'http://x').searchParams.get('message')).toBe(
      BACK_IN_STOCK_MESSAGES.confirmByMail,
    );
    // At its cap, nothing more was kept for that address.
    expect((await openRequests(product.id)).map((row) => row.mailbox).sort()).toEqual([
      'confirmed@example.com',
      'new@example.com',
      'pending@example.com',
    ]);
  });

  it('a signed-in customer with a verified address asks in one click: confirmed at once, no mail', async () => {
    const product = await soldOutProduct();
    const customer = await createUser({ verified: true });
    expect(await askFor(product.id, {}, customer.cookie)).toMatchObject({
      message: BACK_IN_STOCK_MESSAGES.added,
      ok: true,
    });
    expect(await askFor(product.id, {}, customer.cookie)).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.added });
    const [row] = await openRequests(product.id);
    expect(row).toMatchObject({ email: customer.email, userId: customer.id, confirmTokenHash: null });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmationTo(customer.email)).toBeNull();
  });

  it('a customer whose address is not verified, or who types another, confirms by mail like a visitor', async () => {
    const product = await soldOutProduct();
    const unverified = await createUser();
    expect((await askFor(product.id, {}, unverified.cookie)).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    const verified = await createUser({ verified: true });
    const typed = await askFor(product.id, { email: 'someone-else@example.com' }, verified.cookie);
    expect(typed.message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect((await openRequests(product.id)).every((row) => row.confirmedAt === null)).toBe(true);
    expect(await confirmationTo(unverified.email)).not.toBeNull();
    expect(await confirmationTo('someone-else@example.com')).not.toBeNull();
  });

  it('refuses a bad address, a visitor without one, an in-stock or unknown choice', async () => {
    const product = await soldOutProduct();
    expect(await askFor(product.id, { email: 'not-an-address' })).toMatchObject({ message: INVALID_EMAIL, ok: false });
    expect(await askFor(product.id)).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.needEmail, ok: false });
    const white = await askFor(product.id, { email: 'a@example.com', color: 'White' });
    expect(white.message).toBe(BACK_IN_STOCK_MESSAGES.inStock);
    expect((await askFor(product.id, { email: 'a@example.com', size: 'XL' })).message).toBe(CART_MESSAGES.badSize);
    expect((await askFor(product.id, { email: 'a@example.com', color: 'Red' })).message).toBe(CART_MESSAGES.badColor);
    const unknown = await askFor('zzzzzzzzzzzzzz', { email: 'a@example.com' });
    expect(unknown.message).toBe(CART_MESSAGES.unknownProduct);
    expect(await openRequests(product.id)).toEqual([]);
  });

  it(`caps one mailbox at ${BACK_IN_STOCK_MAX_OPEN} open requests; only its own customer is told`, async () => {
    const customer = await createUser({ verified: true });
    for (let i = 0; i < BACK_IN_STOCK_MAX_OPEN; i++) {
      const product = await soldOutProduct();
      await db().insert(backInStockRequests).values({
        productId: product.id,
        size: 'M',
        color: 'Black',
        email: customer.email,
        mailbox: customer.email,
        confirmedAt: new Date(),
      });
    }
    const one = await soldOutProduct();
    expect((await askFor(one.id, {}, customer.cookie)).message).toBe(BACK_IN_STOCK_MESSAGES.tooMany);
    expect((await askFor(one.id, { email: customer.email })).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect(await openRequests(one.id)).toEqual([]);
  });

  it('plus-tag bombing: 40 asks for victim+N@ keep one request, send at most the cap of mails, one restock mail', async () => {
    const product = await soldOutProduct();
    const answers = [];
    for (let i = 1; i <= 40; i++) answers.push(await askFor(product.id, { email: `victim+${i}@example.com` }));
    const accepted = answers.filter((a) => a.message === BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect(accepted.length).toBeLessThanOrEqual(FORM_CAPS.perMailbox);
    expect(answers.slice(FORM_CAPS.perMailbox).every((a) => a.message === BACK_IN_STOCK_MESSAGES.tooOften)).toBe(true);
    expect(await openRequests(product.id)).toHaveLength(1);
    await drainJobs({ queues: [QUEUES.mail.name] });
    const toVictim = () => outboxMails('To: victim+');
    expect(toVictim().length).toBeLessThanOrEqual(FORM_CAPS.perMailbox);

    // Even confirmed (the victim pressed one link), a restock mails the mailbox once.
    const sent = toVictim().at(-1)!;
    const token = /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(sent)![1];
    expect((await pressConfirm(token)).status).toBe(200);
    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`).filter((m) => /To: victim\+\d+@/.test(m))).toHaveLength(1);
  });

  it(`one client is held to ${FORM_CAPS.perClient} asks an hour, whatever the addresses: nothing kept or sent past it`, async () => {
    const product = await soldOutProduct();
    const fromOne = (email: string) =>
      outcome(() =>
        ask.action(
          args(
            new Request('http://shop.test/back-in-stock', {
              method: 'POST',
              headers: { origin: 'http://shop.test', 'x-client-ip': '203.0.113.66' },
              body: new URLSearchParams({ productId: product.id, size: 'M', color: 'Black', email }),
            }),
          ),
        ),
      );
    const messages = [];
    for (let i = 0; i < FORM_CAPS.perClient + 3; i++) {
      const answer = await fromOne(`person${i}@example.com`);
      messages.push(new URL(answer.location!, 'http://x').searchParams.get('message'));
    }
    expect(messages.filter((m) => m === BACK_IN_STOCK_MESSAGES.confirmByMail)).toHaveLength(FORM_CAPS.perClient);
    expect(messages.slice(FORM_CAPS.perClient)).toEqual(Array(3).fill(BACK_IN_STOCK_MESSAGES.tooOften));
    expect(await openRequests(product.id)).toHaveLength(FORM_CAPS.perClient);
    expect(await confirmationTo(`person${FORM_CAPS.perClient}@example.com`)).toBeNull();
  });

  it('the product page shows the answer in its own words only, the same for everyone', async () => {
    const product = await soldOutProduct();
    const load = async (message: string) => {
      const query = new URLSearchParams({ message, ok: '1' });
      const result = await outcome(() =>
        productPage.loader(args(get(`/product/${product.id}?${query}`), { id: product.id })),
      );
      return (result.data as { asked: unknown }).asked;
    };
    expect(await load(BACK_IN_STOCK_MESSAGES.added)).toEqual({ ok: true, message: BACK_IN_STOCK_MESSAGES.added });
    expect(await load('Your account is suspended: call 0800')).toBeNull();
  });
});
