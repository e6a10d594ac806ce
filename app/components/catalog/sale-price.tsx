/**
 * A product's price as the shop shows it (decision 0034): on sale, the price before the sale struck through (`<s>`,
 * read out as "Was …"), the price charged, and the percentage off rounded down; otherwise the price alone.
 */
import { formatNaira } from '~/lib/money';
import { percentOff, percentOffLabel, type SalePrices } from '~/lib/catalog/sale-price';

type Props = SalePrices & { className?: string };

export function SalePrice({ price, compareAtPrice, className = '' }: Props) {
  const percent = percentOff({ price, compareAtPrice });
  if (compareAtPrice === null || percent === null) return <p className={className}>{formatNaira(price)}</p>;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <s className="font-normal text-muted">
        <span className="sr-only">Was </span>
        {formatNaira(compareAtPrice)}
      </s>
      <span className="text-sale">
        <span className="sr-only">now </span>
        {formatNaira(price)}
      </span>
      <span className="text-[0.8em] font-medium text-sale">
        <span aria-hidden="true">{percentOffLabel(percent)}</span>
        <span className="sr-only">, {percent}% off</span>
      </span>
    </p>
  );
}
