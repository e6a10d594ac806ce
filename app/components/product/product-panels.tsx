import { ChevronIcon } from '~/components/icons';
import { DESCRIPTION_PREVIEW_CHARS } from '~/lib/catalog-constants';
import { DELIVERY_LABEL } from '~/lib/delivery-estimate';
import { previewText } from './variants';

const panel = 'group border-t border-line';
const summaryRow = 'flex items-center justify-between py-4 text-xs font-semibold uppercase tracking-widest';

/** Native <details>: they open and close without JavaScript. Text only: never parsed as HTML. */
export function ProductPanels({ description, arrival }: { description: string; arrival: string }) {
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
          <p className="font-medium">{DELIVERY_LABEL}</p>
          <p className="text-muted">{arrival}</p>
        </div>
      </details>
    </div>
  );
}
