import { ChevronIcon } from '~/components/icons';
import { DeliveryRates } from '~/components/delivery/delivery-rates';
import { MyDeliveryEstimate } from '~/components/delivery/my-delivery-estimate';
import { DESCRIPTION_PREVIEW_CHARS } from '~/lib/catalog/catalog-constants';
import type { DeliveryOverview } from '~/lib/delivery/delivery';
import { previewText } from './variants';

const panel = 'group border-t border-line';
const summaryRow = 'flex items-center justify-between py-4 text-xs font-semibold uppercase tracking-widest';

/**
 * Native <details>: they open and close without JavaScript. Text only: never parsed as HTML. The Delivery panel is
 * the same for every shopper (the page is stored, decision 0021): the brief's 'Standard 5-6 Working Days' with its
 * arrival dates while the store has no zones, else the rates of each zone; a signed-in shopper's own promise is added
 * after the page loads (MyDeliveryEstimate).
 */
export function ProductPanels({
  description,
  delivery,
  arrival,
}: {
  description: string;
  delivery: DeliveryOverview;
  /** The standard delivery's dates, while there are no zones. */
  arrival: string;
}) {
  return (
    <div className="mt-8 border-b border-line">
      <details className={panel}>
        <summary className="block">
          <span className={summaryRow}>
            Description
            <ChevronIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
          </span>
          <span className="-mt-1 block pb-4 text-sm text-muted group-open:hidden">
            {previewText(description, DESCRIPTION_PREVIEW_CHARS)}
          </span>
        </summary>
        <p className="whitespace-pre-line pb-5 text-sm leading-relaxed text-muted">{description}</p>
      </details>
      <details className={panel}>
        <summary className={summaryRow}>
          Delivery
          <ChevronIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="space-y-1 pb-5 text-sm">
          {delivery.standard ? (
            <>
              <p className="font-medium">{delivery.standard}</p>
              <p className="text-muted">{arrival}</p>
              <p className="text-muted">Delivery fee: {delivery.rates[0]?.fee}</p>
              {/* Free delivery and pickup, when the store offers them. */}
              <DeliveryRates overview={{ ...delivery, rates: [] }} />
            </>
          ) : (
            <>
              <p className="text-muted">The time and fee depend on your address:</p>
              <DeliveryRates overview={delivery} />
            </>
          )}
          <MyDeliveryEstimate />
        </div>
      </details>
    </div>
  );
}
