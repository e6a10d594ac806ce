import { Form } from 'react-router';
import { FormMessage } from '~/components/account/fields';
import {
  HOURS_MAX,
  HOURS_MIN,
  hoursFieldName,
  SETTINGS_LIMITS,
  SLIDES_MAX,
  SLIDES_MIN,
  slideFieldName,
  TRANSFER_WINDOW_MAX,
  TRANSFER_WINDOW_MIN,
  UNITS_PER_PRODUCT_MAX,
  UNITS_PER_PRODUCT_MIN,
  type SettingsErrors,
  type SettingsFormValues,
} from '~/lib/admin-settings';
import { AdminField, RowButton } from './settings-fields';

type Props = {
  values: SettingsFormValues;
  errors?: SettingsErrors;
  formError?: string;
  success?: string;
  busy: boolean;
};

const SECTION = 'space-y-5 border-t border-line pt-8';
const HEADING = 'text-sm font-semibold uppercase tracking-widest';

/**
 * Every store setting in one form. The first button in the form is Save, so pressing Enter in a field saves
 * (it never removes a row). Add/remove buttons post the form with an intent and it comes back edited, unsaved.
 */
export function SettingsForm({ values, errors = {}, formError, success, busy }: Props) {
  const save = (
    <button
      type="submit"
      name="intent"
      value="save"
      disabled={busy}
      className="h-11 bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
    >
      {busy ? 'Saving…' : 'Save settings'}
    </button>
  );
  return (
    <Form method="post" noValidate className="max-w-3xl space-y-8" aria-labelledby="settings-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="settings-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
          Store settings
        </h1>
        {save}
      </div>
      <FormMessage error={formError} success={success} />

      <section className={SECTION} aria-labelledby="store-heading">
        <h2 id="store-heading" className={HEADING}>
          Store
        </h2>
        <AdminField
          id="storeName"
          name="storeName"
          label="Store name"
          required
          maxLength={SETTINGS_LIMITS.storeName}
          defaultValue={values.storeName}
          error={errors.storeName}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <AdminField
            id="supportEmail"
            name="supportEmail"
            label="Support email"
            type="email"
            required
            defaultValue={values.supportEmail}
            error={errors.supportEmail}
          />
          <AdminField
            id="supportPhone"
            name="supportPhone"
            label="Support phone"
            type="tel"
            required
            maxLength={SETTINGS_LIMITS.supportPhone}
            defaultValue={values.supportPhone}
            error={errors.supportPhone}
          />
        </div>
        <AdminField
          id="bannerText"
          name="bannerText"
          label="Banner text"
          maxLength={SETTINGS_LIMITS.bannerText}
          defaultValue={values.bannerText}
          error={errors.bannerText}
          hint="Shown first in the rotating banner of the shop pages. Leave blank for none."
        />
        <AdminField
          id="deliveryFee"
          name="deliveryFee"
          label="Delivery fee (naira)"
          prefix="₦"
          inputMode="decimal"
          required
          defaultValue={values.deliveryFee}
          error={errors.deliveryFee}
          hint="Flat fee per order, used by the cart and checkout at once. 0 for free delivery."
        />
        <AdminField
          id="maxUnitsPerProduct"
          name="maxUnitsPerProduct"
          label="Most units of one product per order"
          type="number"
          inputMode="numeric"
          min={UNITS_PER_PRODUCT_MIN}
          max={UNITS_PER_PRODUCT_MAX}
          step={1}
          required
          defaultValue={values.maxUnitsPerProduct}
          error={errors.maxUnitsPerProduct}
          hint={
            'Every size and colour of a product counts together; the cart and checkout refuse more. ' +
            `${UNITS_PER_PRODUCT_MIN} to ${UNITS_PER_PRODUCT_MAX}.`
          }
        />
        <AdminField
          id="transferWindowMinutes"
          name="transferWindowMinutes"
          label="Transfer window (minutes)"
          type="number"
          inputMode="numeric"
          min={TRANSFER_WINDOW_MIN}
          max={TRANSFER_WINDOW_MAX}
          step={1}
          required
          defaultValue={values.transferWindowMinutes}
          error={errors.transferWindowMinutes}
          hint={
            'How long an order paid by bank transfer or USSD keeps its stock while the bank confirms; ' +
            `then the store asks Paystack once more. ${TRANSFER_WINDOW_MIN} to ${TRANSFER_WINDOW_MAX}.`
          }
        />
      </section>

      <section className={SECTION} aria-labelledby="hours-heading">
        <h2 id="hours-heading" className={HEADING}>
          Business hours
        </h2>
        {errors.hours ? (
          <p role="alert" className="text-sm text-sale">
            {errors.hours}
          </p>
        ) : null}
        <ul className="space-y-4">
          {values.hours.map((row, i) => (
            <li key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <AdminField
                id={`hours-${i}-days`}
                name={hoursFieldName('days')}
                label={`Days, line ${i + 1}`}
                maxLength={SETTINGS_LIMITS.days}
                defaultValue={row.days}
                error={errors[`hours.${i}.days`]}
                placeholder="Monday - Friday"
              />
              <AdminField
                id={`hours-${i}-hours`}
                name={hoursFieldName('hours')}
                label={`Hours, line ${i + 1}`}
                maxLength={SETTINGS_LIMITS.hours}
                defaultValue={row.hours}
                error={errors[`hours.${i}.hours`]}
                placeholder="9AM - 6PM"
              />
              {values.hours.length > HOURS_MIN ? (
                <RowButton value={`remove-hours:${i}`} label={`Remove hours line ${i + 1}`}>
                  Remove
                </RowButton>
              ) : null}
            </li>
          ))}
        </ul>
        {values.hours.length < HOURS_MAX ? <RowButton value="add-hours">Add a line</RowButton> : null}
      </section>

      <section className={SECTION} aria-labelledby="slides-heading">
        <h2 id="slides-heading" className={HEADING}>
          Hero slides
        </h2>
        <p className="text-sm text-muted">
          The home page slider shows these in order, {SLIDES_MIN} to {SLIDES_MAX} slides. Pictures and links are paths
          on this site.
        </p>
        {errors.slides ? (
          <p role="alert" className="text-sm text-sale">
            {errors.slides}
          </p>
        ) : null}
        {values.slides.map((slide, i) => (
          <fieldset key={i} className="space-y-4 border border-line p-4">
            <legend className="px-1 text-xs font-semibold uppercase tracking-widest">Slide {i + 1}</legend>
            <AdminField
              id={`slide-${i}-title`}
              name={slideFieldName('title')}
              label="Title"
              maxLength={SETTINGS_LIMITS.title}
              defaultValue={slide.title}
              error={errors[`slides.${i}.title`]}
            />
            <AdminField
              id={`slide-${i}-subtitle`}
              name={slideFieldName('subtitle')}
              label="Subtitle"
              maxLength={SETTINGS_LIMITS.subtitle}
              defaultValue={slide.subtitle}
              error={errors[`slides.${i}.subtitle`]}
            />
            <AdminField
              id={`slide-${i}-image`}
              name={slideFieldName('image')}
              label="Picture path"
              maxLength={SETTINGS_LIMITS.image}
              defaultValue={slide.image}
              error={errors[`slides.${i}.image`]}
              hint="e.g. /media/hero/summer-1280.webp; blank shows a dark gradient."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminField
                id={`slide-${i}-link`}
                name={slideFieldName('link')}
                label="Button link"
                maxLength={SETTINGS_LIMITS.link}
                defaultValue={slide.link}
                error={errors[`slides.${i}.link`]}
                placeholder="/collections"
              />
              <AdminField
                id={`slide-${i}-buttonText`}
                name={slideFieldName('buttonText')}
                label="Button text"
                maxLength={SETTINGS_LIMITS.buttonText}
                defaultValue={slide.buttonText}
                error={errors[`slides.${i}.buttonText`]}
              />
            </div>
            {values.slides.length > SLIDES_MIN ? (
              <RowButton value={`remove-slide:${i}`} label={`Remove slide ${i + 1}`}>
                Remove slide
              </RowButton>
            ) : null}
          </fieldset>
        ))}
        {values.slides.length < SLIDES_MAX ? <RowButton value="add-slide">Add a slide</RowButton> : null}
      </section>

      <div className="border-t border-line pt-8">{save}</div>
    </Form>
  );
}
