/**
 * POST /back-in-stock: "Email me when it's back" from the product page's purchase form (decision 0027). The product
 * page is stored and shared by every shopper (decision 0021), so its form is the same for everyone: a visitor gives an
 * email, a signed-in customer may leave it blank and their account's address is used. The answer is always a
 * redirect back to the product with the outcome (server/back-in-stock/ask-from-form.server.ts).
 */
import { data } from 'react-router';
import { answerBackInStock } from '~/server/back-in-stock/ask-from-form.server';
import { readForm } from '~/server/http/form-submission.server';
import type { Route } from './+types/back-in-stock';

export function loader() {
  throw data('Ask from the product page.', { status: 405, headers: { Allow: 'POST' } });
}

export async function action(args: Route.ActionArgs) {
  return answerBackInStock(args, await readForm(args.request));
}
