/**
 * "Email me when it's back" (decision 0027), confirming: the link in the mail opens a page whose button confirms,
 * never the GET.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACK_IN_STOCK_CONFIRM_MESSAGES } from '~/lib/back-in-stock/back-in-stock';
import { INVALID_EMAIL } from '~/lib/forms/forms';
import { db } from '~/server/db.server';
import { args, get, outcome } from '../../../tests/route-helpers';
import {
  admin,
  askConfirmed,
  askFor,
  confirmationTo,
  confirmPage,
  confirmUrl,
  edit,
  openRequests,
  outboxMails,
  pressConfirm,
  restocked,
  saveStock,
  soldOutProduct,
  withBackInStock,
} from './back-in-stock-test-helpers';

describe('confirming', () => {
  withBackInStock();

  it("opening the link changes nothing; the page's button confirms; the link then says so", async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'scanner@example.com' });
    const { token } = (await confirmationTo('scanner@example.com'))!;

    // A link scanner's GET, twice: the request stays unconfirmed.
    for (let i = 0; i < 2; i++) {
      const page = await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))));
      expect(page).toMatchObject({ status: 200, data: { state: 'ask', token, productId: product.id } });
      expect((page.data as { what: string }).what).toBe(`${product.name} (size M, colour Black)`);
    }
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();

    expect(await pressConfirm(token)).toMatchObject({ status: 200, data: { state: 'done' } });
    expect((await openRequests(product.id))[0].confirmedAt).toBeInstanceOf(Date);
    expect(await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))))).toMatchObject({
      data: { state: 'done' },
    });
    // Pressed again (a reload): still confirmed, nothing else.
    expect((await pressConfirm(token)).status).toBe(200);
  });

  it('an unknown, malformed or expired link is refused; expired requests are dropped', async () => {
    for (const token of ['nope', 'x'.repeat(500), '']) {
      const page = await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))));
      expect(page).toMatchObject({ status: 400, data: { state: 'invalid' } });
      expect((await pressConfirm(token)).status).toBe(400);
    }
    expect(BACK_IN_STOCK_CONFIRM_MESSAGES.invalid).toContain('48 hours');

    const product = await soldOutProduct();
    await askFor(product.id, { email: 'late@example.com' });
    const { token } = (await confirmationTo('late@example.com'))!;
    await db().execute(sql`update back_in_stock_requests set created_at = now() - interval '49 hours'
      where product_id = ${product.id}`);
    expect((await pressConfirm(token)).status).toBe(400);
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();
    // The next ask (anyone's) clears it out.
    await askFor(product.id, { email: 'someone@example.com' });
    expect((await openRequests(product.id)).map((row) => row.email)).toEqual(['someone@example.com']);
  });

  it('an unconfirmed request gets no restock mail and is not counted as waiting', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'unconfirmed@example.com' });
    await askConfirmed(product.id, 'confirmed-one@example.com');
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, admin.cookie), { id: product.id })),
    );
    expect((page.data as { waiting: unknown }).waiting).toEqual({ 'M|Black': 1 });

    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    const mails = outboxMails(`Back in stock: ${product.name}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: confirmed-one@example.com');
    expect((await openRequests(product.id)).find((r) => r.email === 'unconfirmed@example.com')!.notifiedAt).toBeNull();
  });

  it('confirmed after the piece came back: the mail goes out then', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'slow@example.com' });
    const { token } = (await confirmationTo('slow@example.com'))!;
    await saveStock(product, { 'M|Black': '2', 'M|White': '4' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    await pressConfirm(token);
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toHaveLength(1);
  });

  it("the confirmation mail echoes nothing typed but the address: only the catalog's words", async () => {
    const product = await soldOutProduct();
    const email = '"<a href=https://evil.example>win</a>"@example.com';
    const answer = await askFor(product.id, { email });
    // The schema refuses what is not an address; a plain one is all that reaches the mail.
    expect(answer.message).toBe(INVALID_EMAIL);
    await askFor(product.id, { email: 'plain@example.com', size: 'M', color: 'Black', note: 'Visit evil.example' });
    const { mail } = (await confirmationTo('plain@example.com'))!;
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain(product.name);
  });
});
