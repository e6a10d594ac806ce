import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '~/components/store/legal-page';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/privacy';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return pageMeta({
    title: 'Privacy Policy',
    description:
      'How we collect, use and protect your personal data under the Nigeria Data Protection Act 2023: ' +
      'orders, payments through Paystack, the two cookies we use and your rights.',
    url: canonicalUrl(root?.origin ?? '', '/privacy'),
    storeName: root?.store.name,
  });
}

/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export default function Privacy({ matches }: Route.ComponentProps) {
  const store = matches[0]?.loaderData.store;
  const name = store?.name ?? 'We';
  const email = store?.supportEmail ?? '';
  const mail = <a href={`mailto:${email}`}>{email}</a>;
  const sections: LegalSection[] = [
    {
      id: 'who',
      title: 'Who we are',
      body: (
        <p>
          {name} is a fashion brand based in Lagos, Nigeria, and the data controller for the personal data collected
          through this website. We process your data in line with the Nigeria Data Protection Act 2023 (NDPA). For any
          question about your data, write to {mail}.
        </p>
      ),
    },
    {
      id: 'what',
      title: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Your account:</strong> your name, email address and password (stored only as a secure hash).
          </li>
          <li>
            <strong>Your orders:</strong> the items you buy, your delivery address, phone number and email address.
          </li>
          <li>
            <strong>Payments:</strong> Paystack handles your card. We receive the payment reference, amount, status and
            date, never your full card number or security code.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by email, with your name and email
            address.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address, if you subscribe.
          </li>
          <li>
            <strong>Technical data:</strong> our server logs the pages requested, the time, and your IP address and
            browser, to keep the site secure and working.
          </li>
        </ul>
      ),
    },
    {
      id: 'why',
      title: 'Why we use it',
      body: (
        <ul>
          <li>
            <strong>To fulfil your orders</strong> (performance of our contract with you): taking payment, delivering,
            handling returns and answering your questions.
          </li>
          <li>
            <strong>To send the newsletter</strong> (your consent), which you can withdraw at any time with the
            unsubscribe link or by writing to us.
          </li>
          <li>
            <strong>To keep the store safe</strong> (our legitimate interests): preventing fraud and abuse, and fixing
            problems.
          </li>
          <li>
            <strong>To meet legal duties</strong> (legal obligation): keeping tax and accounting records.
          </li>
        </ul>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>We use only the two cookies the store needs to work, and no advertising or tracking cookies:</p>
          <ul>
            <li>
              <strong>cart</strong>: a random identifier that keeps your shopping bag between visits. It lasts 60 days.
            </li>
            <li>
              <strong>session</strong>: set when you sign in, to keep you signed in securely. It ends when you sign out
              or after 30 days.
            </li>
          </ul>
          <p>
            When you pay, Paystack’s checkout may set its own cookies on its own website, under Paystack’s privacy
            policy.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>We never sell your personal data. We share only what each of these needs to do its job:</p>
          <ul>
            <li>Paystack, to process your card payment;</li>
            <li>our delivery partners, who receive your name, address and phone number to bring your parcel;</li>
            <li>the companies that host our website and send our emails, under contracts that protect your data;</li>
            <li>public authorities, when the law requires it.</li>
          </ul>
          <p>
            Where a provider processes data outside Nigeria, we make sure the transfer meets the safeguards required by
            the NDPA.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          Order and payment records are kept for six years to meet tax and accounting rules. Contact messages are kept
          for up to two years, your account until you ask us to close it, your newsletter address until you unsubscribe,
          and server logs for no more than 30 days.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <>
          <p>Under the NDPA you have the right to:</p>
          <ul>
            <li>be told how your data is used, and get a copy of it;</li>
            <li>have wrong data corrected, and have data deleted when we no longer need it;</li>
            <li>object to or restrict how we use it, and receive it in a portable format;</li>
            <li>
              withdraw your consent at any time (for example to the newsletter), without affecting what we did before.
            </li>
          </ul>
          <p>
            To use any of these rights, email {mail}; we answer within 30 days. If you are unhappy with our answer, you
            may complain to the Nigeria Data Protection Commission (NDPC).
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          The site is served over an encrypted connection, passwords are stored as hashes, and only the staff who need
          your data to serve you can see it. If a breach ever put your data at risk, we would inform the NDPC within 72
          hours, and you too where your rights are at high risk, as the NDPA requires.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Children and changes',
      body: (
        <p>
          Our store is not meant for children under 18 and we do not knowingly collect their data. We may update this
          policy; the date at the top shows the latest version, and we will tell you by email of any important change.
          See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 November 2026"
      intro={
        <p>
          We collect only what we need to sell and deliver your clothes, we never sell it, and we use just two cookies:
          one for your cart and one to keep you signed in.
        </p>
      }
      sections={sections}
    />
  );
}
