/**
 * Reviews from buyers in Chromium (decision 0040): a buyer pays through the Paystack simulator, the admin marks the
 * order delivered, the buyer reviews the piece with a photo from the order page (stars as labelled radios), the
 * admin approves it at /admin/reviews, and the stars appear on the product page and in its JSON-LD.
 */
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import {
  addSomethingToCart,
  adminPageAt,
  createAdmin,
  fillShipping,
  hydrated,
  paystackPopup,
  register,
  uniqueEmail,
} from './support';

const admin = { email: uniqueEmail('reviews.admin'), password: 'admin-lantern-pass' };

test('a delivered order’s buyer reviews with a photo; once approved the stars show on the product page', async ({
  browser,
}) => {
  // The buyer pays by card in the simulator's pop-up.
  const buyer = await (await browser.newContext()).newPage();
  await register(buyer, uniqueEmail('reviews.buyer'));
  const name = await addSomethingToCart(buyer);
  await buyer.goto('/checkout');
  await hydrated(buyer);
  await (await fillShipping(buyer)).getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(buyer).getByRole('button', { name: 'Pay' }).click();
  await expect(buyer).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  const orderId = /\/order-success\/([0-9a-z]{14})$/.exec(buyer.url())![1];

  // Not delivered yet: no invitation.
  await buyer.goto(`/orders/${orderId}`);
  await expect(buyer.getByRole('link', { name: `Write a review of ${name}` })).toHaveCount(0);

  // The admin marks it delivered (the page without JavaScript: the select and its Save button).
  await createAdmin(browser, admin);
  const staff = await adminPageAt(browser, admin, `/admin/orders/${orderId}`, false);
  await staff.getByLabel(/^Status of order #/).selectOption('delivered');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByLabel(/^Status of order #/)).toHaveValue('delivered');

  // The buyer's order page invites the review; the form states its limits; the stars are labelled radios.
  await buyer.goto(`/orders/${orderId}`);
  const productPath = await buyer.getByRole('link', { name, exact: true }).first().getAttribute('href');
  await buyer.getByRole('link', { name: `Write a review of ${name}` }).click();
  await expect(buyer).toHaveURL(new RegExp(`/orders/${orderId}/review/0$`));
  await hydrated(buyer);
  await expect(buyer.getByText(/A title of up to 100 characters/)).toBeVisible();
  await buyer.getByRole('radio', { name: '4 stars' }).check();
  await buyer.getByLabel(/^Title/).fill('Sits well on the shoulders');
  await buyer.getByLabel(/^Your review/).fill('The fabric is heavy and the cut is generous. Wore it all day.');
  const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#6b4f3a' } })
    .jpeg()
    .toBuffer();
  await buyer.getByLabel(/^Photos/).setInputFiles({ name: 'on-me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await buyer.getByRole('button', { name: 'Send review' }).click();
  await expect(buyer.getByRole('status')).toContainText('your review will show on the product page');
  await buyer.goto(`/orders/${orderId}`);
  await expect(buyer.getByText('Reviewed', { exact: true })).toBeVisible();

  // Pending: not on the product page yet.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(productPath!);
  await expect(visitor.getByText('Sits well on the shoulders')).toHaveCount(0);
  // The demo store may hold approved reviews of this piece already: the counts are compared with these.
  const before = await jsonLdOf(visitor);

  // The admin approves it.
  await staff.goto('/admin/reviews');
  const review = staff.getByRole('article', { name: /Sits well on the shoulders/ });
  await expect(review).toContainText('Waiting for approval');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByRole('article', { name: /Sits well on the shoulders/ })).toContainText('Shown');

  // The stars near the price, the review with its photo, and the JSON-LD.
  await visitor.goto(productPath!);
  const count = (before.aggregateRating?.reviewCount ?? 0) + 1;
  await expect(visitor.getByRole('link', { name: new RegExp(`· ${count} reviews?$`) })).toBeVisible();
  const mine = visitor.locator('#reviews article').filter({ hasText: 'Sits well on the shoulders' });
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(mine).toContainText('Verified buyer');
  await expect(mine.getByRole('img', { name: /^Photo 1 by / })).toBeVisible();
  const jsonLd = await jsonLdOf(visitor);
  expect(jsonLd.aggregateRating).toMatchObject({ reviewCount: count, bestRating: 5 });
  if (count === 1) expect(jsonLd.aggregateRating?.ratingValue).toBe(4);
  expect(jsonLd.review).toContainEqual(
    expect.objectContaining({
      name: 'Sits well on the shoulders',
      reviewRating: expect.objectContaining({ ratingValue: 4 }),
    }),
  );
});

type JsonLd = { aggregateRating?: { reviewCount: number; ratingValue: number }; review?: unknown[] };

async function jsonLdOf(page: Page): Promise<JsonLd> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as JsonLd;
}
