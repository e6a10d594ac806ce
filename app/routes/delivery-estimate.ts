/**
 * GET /delivery-estimate: JSON for the product page's Delivery panel, asked once the page has loaded and only for a
 * signed-in shopper: the delivery promised to their saved address (decision 0022). The product page is stored and
 * shared by every shopper (decision 0021), so what depends on the shopper comes from here, private and never kept
 * (the private layout's Cache-Control: private, no-store). Anyone else gets `{ estimate: null }`.
 */
import { savedAddressEstimate } from '~/server/delivery/delivery-estimate.server';
import { shopperOf } from '~/server/http/request-context.server';
import type { Route } from './+types/delivery-estimate';

export async function loader(args: Route.LoaderArgs) {
  const { user } = await shopperOf(args);
  return Response.json({ estimate: user ? await savedAddressEstimate(user.id) : null });
}
