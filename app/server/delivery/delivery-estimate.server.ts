/**
 * The delivery promised to a customer's saved address, for the product page's Delivery panel (decision 0022): asked
 * by the page after it has loaded, so the stored page stays the same for every shopper (decision 0021).
 */
import { arrivalRange } from '~/lib/delivery/delivery-estimate';
import { formatWorkingDays, quoteDelivery, REST_OF_NIGERIA, type DeliveryEstimate } from '~/lib/delivery/delivery';
import { formatFee } from '~/lib/money';
import { getSavedAddress } from '../accounts/addresses.server';
import { getDeliveryConfig } from './delivery-config.server';

/** Null when the customer has no saved address (or one whose state is not known). */
export async function savedAddressEstimate(userId: string, now = new Date()): Promise<DeliveryEstimate | null> {
  const [address, config] = await Promise.all([getSavedAddress(userId), getDeliveryConfig()]);
  if (!address) return null;
  const result = quoteDelivery(config, { method: 'delivery', state: address.state, city: address.city });
  if (result.kind !== 'quote') return null;
  const { quote } = result;
  return {
    place: `${address.city}, ${address.state}`,
    zone: quote.zone ?? REST_OF_NIGERIA,
    days: formatWorkingDays(quote),
    fee: formatFee(quote.fee),
    arrival: arrivalRange(now, quote),
  };
}
