/**
 * No press lost to a form that moves (decision 0039): on every storefront form with a checked field above another
 * control, something wrong is typed, then the control below is pressed where it stood before the field was left. The
 * press lands (the box is ticked, the field takes the caret, the button sends the form) and nothing moved. With
 * JavaScript and without. The admin's forms: admin-forms-never-move.spec.ts.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { refusedWith, typeThenPress } from './never-move';
import {
  addSomethingToCart,
  E2E_PASSWORD,
  grantAdmin,
  hydrated,
  insertPaidOrder,
  mailTo,
  signIn,
  submitRegistration,
  uniqueEmail,
} from './support';

const email = uniqueEmail('never-move');
let resetPath = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const page = await browser.newPage();
  await submitRegistration(page, email);
  await page.goto('/forgot-password');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Send Reset Link' }).click();
  const link = /https?:\/\/\S+(\/reset-password\?token=[\w-]+)/.exec(
    await mailTo(email, /\/reset-password\?token=/),
  )![1];
  resetPath = link;
  await page.close();
});

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    const open = async (page: Page, path: string) => {
      await page.goto(path);
      if (js) await hydrated(page);
      return page.getByRole('main');
    };

    test('register: a wrong confirmation, then the terms box; a wrong email, then the password', async ({ page }) => {
      const main = await open(page, '/register');
      await main.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
      const terms = main.getByLabel(/I agree to the/);
      await typeThenPress(page, {
        field: main.getByLabel('Confirm password'),
        value: `${E2E_PASSWORD}!`,
        next: terms,
        took: 'check',
      });
      const password = main.getByLabel('Password', { exact: true });
      await typeThenPress(page, {
        field: main.getByLabel('Email'),
        value: 'not-an-email',
        next: password,
        took: 'focus',
      });
      // The check still runs when the form is sent, its message tied to the field and the field marked.
      await main.getByRole('button', { name: 'Create Account' }).click();
      const confirm = main.getByLabel('Confirm password');
      await expect(main.getByText('Passwords do not match')).toBeVisible();
      await expect(main.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(main.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
      if (js) {
        await expect(main.getByLabel('First name')).toBeFocused();
        await expect(confirm).toHaveAttribute('aria-invalid', 'true');
        // Once shown, a message goes as the field is put right, before it is left.
        await confirm.fill(E2E_PASSWORD);
        await expect(main.getByText('Passwords do not match')).toBeHidden();
        await expect(confirm).toBeFocused();
      }
    });

    test('sign in: a wrong email, then the password', async ({ page }) => {
      const main = await open(page, '/login');
      await typeThenPress(page, {
        field: main.getByLabel('Email'),
        value: 'not-an-email',
        next: main.getByLabel('Password'),
        took: 'focus',
      });
    });

    test('forgot password: a wrong email, then Send Reset Link', async ({ page }) => {
      const main = await open(page, '/forgot-password');
      const field = main.getByLabel('Email');
      await typeThenPress(page, {
        field,
        value: 'not-an-email',
        next: main.getByRole('button', { name: 'Send Reset Link' }),
        took: refusedWith(field, { js, message: 'Please enter a valid email address.' }),
      });
    });

    test('reset password: a short password, then its confirmation', async ({ page }) => {
      const main = await open(page, resetPath);
      await typeThenPress(page, {
        field: main.getByLabel('New password', { exact: true }),
        value: 'short',
        next: main.getByLabel('Confirm new password'),
        took: 'focus',
      });
    });

    test('admin invitation: a short password, then its confirmation', async ({ page }) => {
      const main = await open(page, await grantAdmin(uniqueEmail('never-move-invited')));
      await typeThenPress(page, {
        field: main.getByLabel('Password', { exact: true }),
        value: 'short',
        next: main.getByLabel('Confirm password'),
        took: 'focus',
      });
    });

    test('account: details, password and address', async ({ page }) => {
      await signIn(page, email);
      await open(page, '/account');
      const details = page.getByRole('form', { name: 'Your details' });
      await typeThenPress(page, {
        field: details.getByLabel('First name'),
        value: '   ',
        next: details.getByLabel('Last name'),
        took: 'focus',
      });
      const password = page.getByRole('form', { name: 'Change password' });
      await typeThenPress(page, {
        field: password.getByLabel('New password', { exact: true }),
        value: 'short',
        next: password.getByLabel('Confirm new password'),
        took: 'focus',
      });
      const address = page.getByRole('form', { name: 'Delivery address' });
      await typeThenPress(page, {
        field: address.getByLabel('Address', { exact: true }),
        value: '   ',
        next: address.getByLabel('Apartment, suite, etc. (optional)'),
        took: 'focus',
      });
      // No address saved yet (the names come from the account): the press on Save sends the form, which is refused.
      await typeThenPress(page, {
        field: address.getByLabel('Email'),
        value: 'not-an-email',
        next: address.getByRole('button', { name: 'Save Address' }),
        took: refusedWith(address.getByLabel('Address', { exact: true }), {
          js,
          message: 'Please enter your address.',
        }),
      });
    });

    test('review: a blank title, then the review text', async ({ page }) => {
      const order = await insertPaidOrder(email, { status: 'delivered' });
      await signIn(page, email);
      const main = await open(page, `/orders/${order.id}/review/0`);
      await typeThenPress(page, {
        field: main.getByLabel(/^Title/),
        value: '   ',
        next: main.getByLabel(/^Your review/),
        took: 'focus',
      });
    });

    test('contact: a wrong email, then the subject; a blank message, then Send', async ({ page }) => {
      const main = await open(page, '/contact');
      await typeThenPress(page, {
        field: main.getByRole('textbox', { name: 'Email', exact: true }),
        value: 'not-an-email',
        next: main.getByRole('textbox', { name: 'Subject', exact: true }),
        took: 'focus',
      });
      const name = main.getByRole('textbox', { name: 'Name', exact: true });
      await typeThenPress(page, {
        field: main.getByRole('textbox', { name: 'Message', exact: true }),
        value: '   ',
        next: main.getByRole('button', { name: 'Send message' }),
        took: refusedWith(name, { js, message: 'Please enter your name.' }),
      });
      await expect(main.getByRole('alert')).toHaveText('Please check the highlighted fields.');
    });

    test('checkout signed out: a short password for the new account, then the terms box', async ({ page }) => {
      await addSomethingToCart(page, { js });
      await open(page, '/checkout');
      const form = page.getByRole('form', { name: 'Shipping details' });
      await typeThenPress(page, {
        field: form.getByLabel('Password', { exact: true }),
        value: 'short',
        next: form.getByLabel(/I agree to the/),
        took: 'check',
      });
    });

    test('checkout: a blank address, then the next line; a blank town, then the phone', async ({ page }) => {
      await signIn(page, email);
      await addSomethingToCart(page, { js });
      await open(page, '/checkout');
      const form = page.getByRole('form', { name: 'Shipping details' });
      await typeThenPress(page, {
        field: form.getByLabel('Address', { exact: true }),
        value: '   ',
        next: form.getByLabel('Apartment, suite, etc. (optional)'),
        took: 'focus',
      });
      await typeThenPress(page, {
        field: form.getByLabel('Town'),
        value: '   ',
        next: form.getByLabel('Phone'),
        took: 'focus',
      });
    });
  });
}
