import type { DeliveryOverview } from '~/lib/delivery/delivery';
import { DeliveryRates } from '../delivery/delivery-rates';
import { ChevronIcon } from '../icons';

type Props = { delivery: DeliveryOverview; supportEmail: string | undefined };

/** Frequently asked questions as native <details>: they open and close without JavaScript. */
export function Faq({ delivery, supportEmail }: Props) {
  const email = supportEmail ?? 'our support address';
  const items: { question: string; answer: React.ReactNode }[] = [
    {
      question: 'What is your returns policy?',
      answer: (
        <>
          You can return unworn items within 14 days from delivery, with their tags attached and in their original
          packaging. Write to {email} with your order number and we will arrange the return. Once the item reaches us
          and passes a quick check, we refund the card you paid with through Paystack; banks usually show the refund
          within 5 to 10 working days.
        </>
      ),
    },
    {
      question: 'How long does delivery take?',
      answer: (
        <>
          It depends on where you are; the fee and time for your address show at checkout as you enter it.
          <DeliveryRates overview={delivery} className="my-3" />
          We dispatch from Lagos on working days and send you a message when your parcel leaves us.
        </>
      ),
    },
    {
      question: 'How can I pay?',
      answer: (
        <>
          By debit or credit card through Paystack, in naira (₦). Your card details go straight to Paystack over a
          secure connection; we never see or store them. An order is confirmed once Paystack confirms the payment.
        </>
      ),
    },
    {
      question: 'How soon will you reply to my message?',
      answer: <>Within 24 hours. Most messages sent during business hours are answered the same day.</>,
    },
    {
      question: 'How do I find my size?',
      answer: (
        <>
          Our pieces are cut for a relaxed street fit. If you are between sizes, take the smaller one for a closer fit
          or the larger one for an oversized look. Each product page lists the sizes available; ask us about any
          measurement and we will check it on the garment.
        </>
      ),
    },
    {
      question: 'Can I change or cancel my order?',
      answer: (
        <>
          Yes, until it is dispatched. Contact us as soon as possible with your order number. Once an order has left us,
          you can still return it under the returns policy above.
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="faq-title" className="bg-neutral-100">
      <div className="container-page grid gap-10 py-16 md:grid-cols-12 md:py-24">
        <div className="md:col-span-4">
          <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">Good to know</p>
          <h2 id="faq-title" className="mt-3 text-2xl font-semibold uppercase tracking-tight md:text-3xl">
            Frequently asked questions
          </h2>
        </div>
        <div className="divide-y divide-neutral-300 border-y border-neutral-300 md:col-span-8">
          {items.map((item, i) => (
            <details key={item.question} className="group" open={i === 0}>
              <summary className="flex min-h-14 items-center justify-between gap-4 py-4 text-base font-medium">
                {item.question}
                <ChevronIcon className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <div className="pb-6 pr-8 text-sm leading-relaxed text-neutral-700">{item.answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
