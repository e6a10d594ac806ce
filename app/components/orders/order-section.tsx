import type { ReactNode } from 'react';

/** The small capitals that head every part of an order page, the shopper's and the admin's. */
export const ORDER_LABEL = 'text-xs font-semibold uppercase tracking-widest';

/** A part of an order page (items, summary, address, payment, refunds), named by its heading `${id}-heading`. */
export function OrderSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className={ORDER_LABEL}>
        {title}
      </h2>
      {children}
    </section>
  );
}
