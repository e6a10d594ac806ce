/**
 * /admin/settings/mails against real PostgreSQL: every mail the store sends renders with the store's own settings and
 * a sample order made in memory (the store's products, else a fixture; no order written), with its subject, preview
 * line and plain-text twin; "Send me a test" queues it to the signed-in admin only, audit-logged; visitors and
 * customers are refused.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, storeSettings } from '~/db/schema';
import { UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { MAIL_PREVIEW_MESSAGES, MAIL_PREVIEWS } from '~/lib/store/admin-mail-previews';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import type { Mail } from '~/server/mail.server';
import { MAIL_HTML_BUDGET } from '~/server/mail/render.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { createProduct, createUser } from '../../../tests/factories';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import MailsPage from './settings-mails';

type Route = typeof import('~/routes/admin/settings-mails');
const mailsRoute = await routeModule<Route>('routes/admin/settings-mails.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ admin: true });
  customer = await createUser({ verified: true });
  await db()
    .update(storeSettings)
    .set({
      storeName: 'Maison Lagos',
      supportEmail: 'care@maison.ng',
      whatsappNumber: '2348031234567',
      logo: { key: 'brand/logo-test', width: 400, height: 100, widths: [320] },
    });
  invalidateSettings();
});

const open = (url: string, cookie = admin.cookie) => outcome(() => mailsRoute.loader(args(get(url, cookie))));
const send = (body: Record<string, string>, cookie = admin.cookie) =>
  outcome(() => mailsRoute.action(args(post('/admin/settings/mails', body, { cookie }))));

type Shown = { mail: { subject: string; preview: string; html: string; text: string; htmlBytes: number; to: string } };

/** The mail jobs waiting for `email`, newest first. */
async function queuedTo(email: string): Promise<Mail[]> {
  const rows = await db().execute<{ data: { mail: Mail } }>(sql`
    select data from pgboss.job where name = ${QUEUES.mail.name} and data->'mail'->>'to' = ${email}
    order by created_on desc`);
  return rows.map((row) => row.data.mail);
}

const orderCount = async () => (await db().select({ n: count() }).from(orders))[0].n;

describe('the mails page', () => {
  it('renders every mail with the store’s settings: subject, preview line, HTML and its text twin', async () => {
    const ordersBefore = await orderCount();
    for (const entry of MAIL_PREVIEWS) {
      const request = get(`/admin/settings/mails?mail=${entry.id}`, admin.cookie);
      const page = await renderPage({
        path: '/admin/settings/mails',
        route: mailsRoute,
        Page: MailsPage as never,
        request,
      });
      expect(page.status, entry.id).toBe(200);
      const { mail } = (await open(`/admin/settings/mails?mail=${entry.id}`)).data as Shown;
      expect(mail.subject, entry.id).not.toBe('');
      expect(mail.preview, entry.id).not.toBe('');
      expect(mail.htmlBytes, entry.id).toBeLessThan(MAIL_HTML_BUDGET);
      expect(mail.to, entry.id).toBe(entry.group === 'To the store' ? 'care@maison.ng' : admin.email);
      // The store's real frame: its name, logo and contacts.
      expect(mail.text, entry.id).toContain('Maison Lagos');
      expect(mail.text, entry.id).toContain('care@maison.ng');
      expect(mail.html, entry.id).toContain('/media/brand/logo-test-320.webp');
      // The page: the list, the mail in its frame, its subject and its text.
      expect(page.markup).toContain(`aria-current="page"`);
      expect(page.markup).toContain(`<iframe title="${entry.name}: the mail as it arrives"`);
      expect(page.markup).toContain('srcDoc="&lt;!DOCTYPE html');
      expect(page.markup).toContain('Plain-text version');
      expect(page.markup).toContain('Send me a test');
    }
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('shows the first mail without a choice, and says so for a mail that is not in the list', async () => {
    expect(((await open('/admin/settings/mails')).data as Shown).mail.subject).not.toBe('');
    expect(await open('/admin/settings/mails?mail=nope')).toMatchObject({
      status: 404,
      data: MAIL_PREVIEW_MESSAGES.notFound,
    });
  });

  it('fills the mails with the store’s own products (a fixture while it has none)', async () => {
    const fixture = (await open('/admin/settings/mails?mail=abandoned-cart')).data as Shown;
    expect(fixture.mail.text).toContain('Adire Wrap Dress');
    await createProduct({ name: 'Aaa Indigo Kaftan', price: 52_000_00 });
    const own = (await open('/admin/settings/mails?mail=abandoned-cart')).data as Shown;
    expect(own.mail.text).toContain('Aaa Indigo Kaftan');
    expect(own.mail.html).toMatch(/src="http:\/\/localhost:\d+\/media\/products\/test_[^"]+-320\.webp"/);
    const order = (await open('/admin/settings/mails?mail=order-confirmed')).data as Shown;
    expect(order.mail.subject).toBe('Order SAMPLE01 confirmed');
    expect(order.mail.text).toContain('Aaa Indigo Kaftan');
    expect(order.mail.html).toMatch(/src="http:\/\/localhost:\d+\/media\/products\/test_[^"]+\.webp"/);
    const alert = (await open('/admin/settings/mails?mail=back-in-stock')).data as Shown;
    expect(alert.mail.subject).toBe('Back in stock: Aaa Indigo Kaftan');
  });
});

describe('Send me a test', () => {
  it('queues the mail shown to the signed-in admin, marked as a test and audit-logged, then says so', async () => {
    const answer = await send({ intent: 'send-test', mail: 'password-reset' });
    expect(answer).toMatchObject({ status: 302, location: '/admin/settings/mails?mail=password-reset&sent=1' });
    const [mail] = await queuedTo(admin.email);
    expect(mail.subject).toBe('[Test] Reset your password');
    expect(mail.text).toContain('Maison Lagos');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.test_sent'), eq(auditLog.actorEmail, admin.email)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ entityType: 'mail', entityId: 'password-reset' });
    expect(audit.after).toMatchObject({ to: admin.email, subject: '[Test] Reset your password' });

    const page = await renderPage({
      path: '/admin/settings/mails',
      route: mailsRoute,
      Page: MailsPage as never,
      request: get('/admin/settings/mails?mail=password-reset&sent=1', admin.cookie),
    });
    expect(page.markup).toContain(MAIL_PREVIEW_MESSAGES.sent(admin.email));
  });

  it('sends a notice meant for the support address to the admin who asked', async () => {
    await send({ intent: 'send-test', mail: 'admin-new-order' });
    const [mail] = await queuedTo(admin.email);
    expect(mail.subject).toMatch(/^\[Test\] New order SAMPLE01: ₦/);
    expect(await queuedTo('care@maison.ng')).toEqual([]);
  });

  it('keeps the marketing mail’s unsubscribe headers in a test', async () => {
    await send({ intent: 'send-test', mail: 'abandoned-cart' });
    const [mail] = await queuedTo(admin.email);
    expect(mail.subject).toMatch(/^\[Test\] Your cart at Maison Lagos is waiting$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a post naming no mail of the list, or another action, and queues nothing', async () => {
    const before = (await queuedTo(admin.email)).length;
    expect(await send({ intent: 'send-test', mail: 'someone-else' })).toMatchObject({
      status: 400,
      data: { result: { error: { '': [MAIL_PREVIEW_MESSAGES.unknown] } } },
    });
    expect(await send({ intent: 'delete', mail: 'password-reset' })).toMatchObject({
      status: 400,
      data: { result: { error: { '': [UNKNOWN_ACTION] } } },
    });
    expect(await queuedTo(admin.email)).toHaveLength(before);
  });

  it('is refused to visitors and customers, who are sent away and get no mail', async () => {
    expect(await open('/admin/settings/mails', customer.cookie)).toMatchObject({ status: 302, location: '/' });
    expect(await open('/admin/settings/mails', '')).toMatchObject({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent('/admin/settings/mails')}`,
    });
    expect(await send({ intent: 'send-test', mail: 'password-reset' }, customer.cookie)).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await queuedTo(customer.email)).toEqual([]);
  });
});
