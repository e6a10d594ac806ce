/**
 * The signed-in shopper's own promise in the product page's Delivery panel (decision 0022): asked from
 * /delivery-estimate once the page has hydrated, so the stored page every shopper gets stays the same (decision 0021)
 * and nothing here is in the server's markup. Visitors ask nothing; without JavaScript the panel's general rates say
 * it all.
 */
import { useEffect, useState } from 'react';
import type { DeliveryEstimate } from '~/lib/delivery/delivery';
import { useShopperView } from '~/hooks/use-shopper-view';

export function MyDeliveryEstimate() {
  const signedIn = useShopperView().account !== null;
  const [estimate, setEstimate] = useState<DeliveryEstimate | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch('/delivery-estimate', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ estimate: DeliveryEstimate | null }>) : null))
      .then((body) => setEstimate(body?.estimate ?? null))
      // Only a nicety: the general rates above still hold.
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn]);
  if (!estimate) return null;
  return (
    <p role="status" className="mt-3 border-t border-line pt-3">
      To your address in {estimate.place}: <span className="font-medium">{estimate.zone}</span>, {estimate.days} ·{' '}
      {estimate.fee}
      <span className="block text-muted">Estimated arrival: {estimate.arrival}</span>
    </p>
  );
}
