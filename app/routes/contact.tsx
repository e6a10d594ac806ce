import { ContactForm } from '~/components/store/contact-form';
import { Faq } from '~/components/store/faq';
import { CONTACT_THANK_YOU, contactSchema } from '~/lib/forms/forms';
import { deliveryOverview } from '~/lib/delivery/delivery';
import { canonicalUrl, pageMeta } from '~/lib/seo';
import { FORM_CAP_MESSAGE } from '~/lib/forms/form-caps';
import { saveContactMessage } from '~/server/store/contact.server';
import { clientKeyOf } from '~/server/http/form-attempts.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { shopperOf } from '~/server/http/request-context.server';
import { getDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { getSettings } from '~/server/store/settings.server';
import type { Route } from './+types/contact';
import { sharedPageHeaders } from '~/server/http/http-cache.server';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  return pageMeta({
    title: 'Contact Us',
    description:
      'Questions about an order, sizing, delivery or returns? Write to us or call: we reply within 24 hours. ' +
      'Business hours, FAQ and our returns policy.',
    url: canonicalUrl(root?.origin ?? '', '/contact'),
    storeName: root?.store.name,
  });
}

/** No query of its own: the settings and the delivery zones are cached. */
/** The same page for every visitor without cookies: a CDN may keep it a minute (decision 0007). */
export const headers: Route.HeadersFunction = sharedPageHeaders;

export async function loader() {
  const [settings, delivery] = await Promise.all([getSettings(), getDeliveryConfig()]);
  return { businessHours: settings.businessHours, delivery: deliveryOverview(delivery) };
}

/**
 * POST /contact: the schema refuses with Conform's field errors and what was typed (400); past the form's hourly cap
 * per client or per mailbox (decision 0027) a 429 with the cap's message, what was typed kept and nothing stored;
 * or the message is kept and thanked; the form is then emptied (`resetForm`), also on the page a post without
 * JavaScript gets back. No mail goes to the address typed, so nothing typed here reaches anyone's inbox.
 */
export async function action(args: Route.ActionArgs) {
  const { form, submission } = await readSubmission(args.request, contactSchema);
  if (submission.status !== 'success') return refused(submission.reply());
  // The hidden honeypot field is filled in by bots only: thank them, keep nothing.
  if (!form.get('website')) {
    const { ip } = await shopperOf(args);
    const saved = await saveContactMessage(submission.value, clientKeyOf(ip));
    if (!saved) return refused(submission.reply({ formErrors: [FORM_CAP_MESSAGE] }), 429);
  }
  return { result: submission.reply({ resetForm: true }), message: CONTACT_THANK_YOU };
}

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const store = matches[0]?.loaderData.store;
  const { businessHours, delivery } = loaderData;
  return (
    <>
      <header className="border-b border-line">
        <div className="container-page py-14 md:py-20">
          <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">Customer care</p>
          <h1 className="mt-3 text-4xl font-semibold uppercase tracking-tight md:text-6xl">Contact us</h1>
          <p className="mt-4 max-w-xl text-base text-neutral-700">
            Sizing, an order, a return or a collaboration: write to us and a real person in Lagos replies within 24
            hours.
          </p>
        </div>
      </header>

      <div className="container-page grid gap-14 py-14 md:grid-cols-12 md:gap-12 md:py-20">
        <section aria-labelledby="contact-form-title" className="md:col-span-7">
          <h2 id="contact-form-title" className="mb-8 text-xl font-semibold uppercase tracking-tight">
            Send us a message
          </h2>
          <ContactForm reply={actionData} />
        </section>

        <aside aria-label="Contact details" className="space-y-10 md:col-span-5 md:border-l md:border-line md:pl-12">
          {store ? (
            <section aria-labelledby="details-title">
              <h2 id="details-title" className="text-[11px] font-semibold uppercase tracking-[0.3em] text-muted">
                Reach us
              </h2>
              <dl className="mt-4 space-y-4 text-base">
                <div>
                  <dt className="text-sm text-muted">Email</dt>
                  <dd>
                    <a href={`mailto:${store.supportEmail}`} className="font-medium underline-offset-4 hover:underline">
                      {store.supportEmail}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">Phone</dt>
                  <dd>
                    <a
                      href={`tel:${store.supportPhone.replace(/[^\d+]/g, '')}`}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {store.supportPhone}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">Studio</dt>
                  <dd className="font-medium">Lagos, Nigeria</dd>
                </div>
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="hours-title">
            <h2 id="hours-title" className="text-[11px] font-semibold uppercase tracking-[0.3em] text-muted">
              Business hours
            </h2>
            <dl className="mt-4 divide-y divide-line border-y border-line text-sm">
              {businessHours.map((row) => (
                <div key={row.days} className="flex justify-between gap-4 py-3">
                  <dt>{row.days}</dt>
                  <dd className="font-medium">{row.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-muted">
              Times are West Africa Time (WAT). We reply to every message within 24 hours.
            </p>
          </section>
        </aside>
      </div>

      <Faq delivery={delivery} supportEmail={store?.supportEmail} />
    </>
  );
}
