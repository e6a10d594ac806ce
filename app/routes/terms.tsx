import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '~/components/store/legal-page';
import { DeliveryRates } from '~/components/delivery/delivery-rates';
import { deliveryOverview } from '~/lib/delivery/delivery';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';
import type { Route } from './+types/terms';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return pageMeta({
    title: 'Terms of Service',
    description:
      'The terms for shopping with us: orders, prices in naira, card payment through Paystack, ' +
      'delivery across Nigeria and our 14-day returns policy.',
    url: canonicalUrl(root?.origin ?? '', '/terms'),
    storeName: root?.store.name,
  });
}

/** No query of its own: the delivery zones are cached. */
/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader() {
  return { delivery: deliveryOverview(await getDeliveryConfig()) };
}

export default function Terms({ loaderData, matches }: Route.ComponentProps) {
  const store = matches[0]?.loaderData.store;
  const name = store?.name ?? 'We';
  const email = store?.supportEmail ?? '';
  const mail = <a href={`mailto:${email}`}>{email}</a>;
  const sections: LegalSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            This website is run by {name}, a street-luxury fashion brand based in Lagos, Nigeria (“we”, “us”). These
            terms apply whenever you browse the site, create an account or place an order. By placing an order you
            accept them, so please read them together with our <Link to="/privacy">Privacy Policy</Link>.
          </p>
          <p>
            Nothing in these terms takes away the rights you have as a consumer under Nigerian law, including the
            Federal Competition and Consumer Protection Act 2018.
          </p>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <p>
          You need an account to pay for an order. Please give us accurate details, keep your password to yourself and
          tell us at once at {mail} if you think someone else has used your account. You must be at least 18, or shop
          with the consent of a parent or guardian.
        </p>
      ),
    },
    {
      id: 'products',
      title: 'Products and prices',
      body: (
        <>
          <p>
            All prices are in Nigerian naira (₦) and include any VAT that applies. Delivery is charged on top, as shown
            in your cart before you pay. We photograph our pieces as faithfully as we can, but colours vary slightly
            from screen to screen.
          </p>
          <p>
            Our runs are small and stock can sell out while you shop. If a price or description on the site is wrong, we
            will tell you before dispatch and you may choose to go ahead at the correct price or cancel for a full
            refund.
          </p>
        </>
      ),
    },
    {
      id: 'orders',
      title: 'Orders',
      body: (
        <p>
          When you place an order, we reserve the items and create the order as pending. Your order is accepted when
          your payment has been confirmed and we send you an order confirmation. We may decline or cancel an order, for
          example when an item turns out to be unavailable or a payment looks fraudulent; if you have already paid, we
          refund you in full.
        </p>
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      body: (
        <p>
          You pay by debit or credit card through Paystack, our payment provider, in naira. Your card details are
          entered on Paystack’s secure pop-up or page and are never seen or stored by us. An order counts as paid only
          once Paystack confirms the payment to our server. If a payment fails or is abandoned, you are not charged and
          the order stays unpaid.
        </p>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery',
      body: (
        <>
          <p>
            We deliver to addresses across Nigeria. The fee and the working days depend on the address, and checkout
            shows both before you pay; your order keeps them whatever changes later. Times count from dispatch; the
            dates we show are estimates, and we will let you know if something delays your parcel.
          </p>
          <DeliveryRates overview={loaderData.delivery} />
          <p>
            Please check your address and phone number carefully: the courier uses them to reach you. The items are your
            responsibility once they are delivered to you.
          </p>
        </>
      ),
    },
    {
      id: 'returns',
      title: 'Returns and refunds',
      body: (
        <>
          <ul>
            <li>
              You may return unworn items within 14 days from delivery, with their tags attached and in their original
              packaging.
            </li>
            <li>
              To start a return, email {mail} with your order number and the items you are returning. We will reply
              within 24 hours with the return address.
            </li>
            <li>
              When the items reach us and pass a quick check, we refund the price of the items to the card you paid
              with, through Paystack. Banks usually show the refund within 5 to 10 working days.
            </li>
            <li>
              If an item arrives faulty or is not what you ordered, tell us within 14 days from delivery: we will
              replace it or refund it, and cover the cost of sending it back.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      title: 'Using this website',
      body: (
        <p>
          The designs, photographs, texts and logos on this site belong to {name} and may not be copied or used
          commercially without our written permission. Please do not misuse the site: no attempts to break its security,
          overload it, collect other people’s data or place fraudulent orders.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      body: (
        <p>
          We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to
          use reasonable care. We are not responsible for loss that was not foreseeable, or for business losses. Nothing
          here limits our liability where the law does not allow it to be limited.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Changes and governing law',
      body: (
        <p>
          We may update these terms from time to time; the version on this page when you place an order applies to that
          order. These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Lagos State
          may hear any dispute. Please contact us first: most problems are solved with a message.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about these terms or an order? Email {mail}
          {store ? <>, call {store.supportPhone}</> : null} or use our <Link to="/contact">contact form</Link>. We reply
          within 24 hours.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 November 2026"
      intro={
        <p>
          The short version: prices are in naira, you pay by card through Paystack, we deliver across Nigeria in 5-6
          working days, and you can return unworn items within 14 days from delivery.
        </p>
      }
      sections={sections}
    />
  );
}
