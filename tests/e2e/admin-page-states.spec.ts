/**
 * Admin pages in states the every-route audit (tests/e2e/every-route.spec.ts) does not reach with its rows: a mail
 * that failed for good, and a contact message already handled. Each passes tests/e2e/page-audit.ts's checks (axe,
 * html-validate, no sideways scroll at 320 px).
 */
import { expect, test } from './fixtures';
import { auditPage } from './page-audit';
import { adminPageAt, createAdmin, storeDatabase, uniqueEmail } from './support';

const admin = { email: uniqueEmail('states.admin'), password: 'states-lantern-pass' };

test('a failed mail and a handled contact message pass the audit', async ({ browser }) => {
  const sql = storeDatabase();
  try {
    await sql`insert into mail_failures (job_id, recipient, subject, mail, last_error, attempts)
      values (${`audit-${Date.now()}`}, 'someone.with.a.long.address@example.com', 'Your order has shipped',
        ${sql.json({ to: 'someone.with.a.long.address@example.com', subject: 'Your order has shipped', text: '.' })},
        'connect ECONNREFUSED 127.0.0.1:587', 5)`;
    await sql`insert into contact_messages (name, email, subject, message, handled_at)
      values ('Bola Ade', 'bola@example.com', 'Sizing answered', 'Thank you.', now())`;
  } finally {
    await sql.end();
  }
  await createAdmin(browser, admin);
  const page = await adminPageAt(browser, admin, '/admin/mail-failures');
  await expect(page.getByRole('button', { name: /^Retry: Your order has shipped/ }).first()).toBeVisible();
  await auditPage(page, 'mail failures with a failed mail');
  await page.goto('/admin/inbox');
  await expect(page.getByRole('heading', { name: 'Sizing answered' }).first()).toBeVisible();
  await auditPage(page, 'inbox with a handled message');
});
