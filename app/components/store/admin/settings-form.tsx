import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { AdminFormFrame, FormSection } from '~/components/admin/admin-form-frame';
import { IntentButton } from '~/components/forms/intent-button';
import {
  ABANDONED_CART_MAX,
  ABANDONED_CART_MIN,
  BACK_IN_STOCK_MAX,
  BACK_IN_STOCK_MIN,
  BLANK_HOURS,
  BLANK_SLIDE,
  HOURS_MAX,
  HOURS_MIN,
  settingsSchema,
  SLIDES_MAX,
  SLIDES_MIN,
  TRANSFER_WINDOW_MAX,
  TRANSFER_WINDOW_MIN,
  UNITS_PER_PRODUCT_MAX,
  UNITS_PER_PRODUCT_MIN,
  UNPAID_REMINDER_MAX,
  UNPAID_REMINDER_MIN,
  type SettingsFormValues,
} from '~/lib/store/admin-settings';
import { fieldProps, useAdminForm, type FieldState } from '../../admin/admin-form';
import { CheckboxField } from '../../catalog/admin/catalog-fields';
import { AdminField, RowButton } from './settings-fields';

type Props = {
  /** The settings as saved. */
  defaultValue: SettingsFormValues;
  /** The action's answer to the last post: a refusal, or the form with a row added or removed. */
  lastResult?: SubmissionResult<string[]>;
  success?: string;
  busy: boolean;
};

const SECTION = 'space-y-5 border-t border-line pt-8';

/**
 * Every store setting in one form. The first button in the form is Save, so pressing Enter in a field saves
 * (it never removes a row). Add/remove buttons are Conform's list intents: with JavaScript the form changes in
 * place; without it they post the form and it comes back edited, unsaved.
 */
export function SettingsForm({ defaultValue, lastResult, success, busy }: Props) {
  const [form, fields] = useAdminForm(settingsSchema, { id: 'settings', defaultValue, lastResult });
  const hours = fields.hours.getFieldList();
  const slides = fields.slides.getFieldList();
  const save = (
    <IntentButton intent="save" busy={busy} busyLabel="Saving…">
      Save settings
    </IntentButton>
  );
  return (
    <AdminFormFrame
      form={form}
      headingId="settings-heading"
      heading={
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 id="settings-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
            Store settings
          </h1>
          {save}
        </div>
      }
      success={success}
      className="max-w-3xl space-y-8"
    >
      <FormSection className={SECTION} id="store" title="Store" level={2}>
        <AdminField id="storeName" label="Store name" {...fieldProps(fields.storeName)} />
        <div className="grid gap-5 sm:grid-cols-2">
          <AdminField id="supportEmail" label="Support email" type="email" {...fieldProps(fields.supportEmail)} />
          <AdminField id="supportPhone" label="Support phone" type="tel" {...fieldProps(fields.supportPhone)} />
        </div>
        <AdminField
          id="whatsappNumber"
          label="WhatsApp number"
          type="tel"
          autoComplete="off"
          {...fieldProps(fields.whatsappNumber)}
          hint={
            'A Nigerian mobile number, e.g. 0803 123 4567. Shoppers then get “Chat on WhatsApp” in the footer and ' +
            '“Ask about this piece” and “Ask about this order” on those pages. Leave blank for none.'
          }
        />
        <AdminField
          id="bannerText"
          label="Banner text"
          {...fieldProps(fields.bannerText)}
          hint="Shown first in the rotating banner of the shop pages. Leave blank for none."
        />
        <p className="text-sm text-muted">
          Delivery fees, zones, free delivery and pickup are on the{' '}
          <Link to="/admin/delivery" className="underline underline-offset-4">
            Delivery
          </Link>{' '}
          page.
        </p>
        <AdminField
          id="maxUnitsPerProduct"
          label="Most units of one product per order"
          type="number"
          inputMode="numeric"
          min={UNITS_PER_PRODUCT_MIN}
          max={UNITS_PER_PRODUCT_MAX}
          step={1}
          {...fieldProps(fields.maxUnitsPerProduct)}
          hint={
            'Every size and colour of a product counts together; the cart and checkout refuse more. ' +
            `${UNITS_PER_PRODUCT_MIN} to ${UNITS_PER_PRODUCT_MAX}.`
          }
        />
        <AdminField
          id="transferWindowMinutes"
          label="Transfer window (minutes)"
          type="number"
          inputMode="numeric"
          min={TRANSFER_WINDOW_MIN}
          max={TRANSFER_WINDOW_MAX}
          step={1}
          {...fieldProps(fields.transferWindowMinutes)}
          hint={
            'How long an order paid by bank transfer or USSD keeps its stock while the bank confirms; ' +
            `then the store asks Paystack once more. ${TRANSFER_WINDOW_MIN} to ${TRANSFER_WINDOW_MAX}.`
          }
        />
      </FormSection>

      <FormSection className={SECTION} id="hours" title="Business hours" level={2}>
        <ListError errors={fields.hours.errors} />
        <ul className="space-y-4">
          {hours.map((line, i) => {
            const row = line.getFieldset();
            return (
              <li key={line.key ?? i} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
                <AdminField
                  id={`hours-${i}-days`}
                  label={`Days, line ${i + 1}`}
                  {...fieldProps(row.days)}
                  placeholder="Monday - Friday"
                />
                <AdminField
                  id={`hours-${i}-hours`}
                  label={`Hours, line ${i + 1}`}
                  {...fieldProps(row.hours)}
                  placeholder="9AM - 6PM"
                />
                {hours.length > HOURS_MIN ? (
                  <RowButton
                    {...form.remove.getButtonProps({ name: fields.hours.name, index: i })}
                    label={`Remove hours line ${i + 1}`}
                  >
                    Remove
                  </RowButton>
                ) : null}
              </li>
            );
          })}
        </ul>
        {hours.length < HOURS_MAX ? (
          <RowButton {...form.insert.getButtonProps({ name: fields.hours.name, defaultValue: BLANK_HOURS })}>
            Add a line
          </RowButton>
        ) : null}
      </FormSection>

      <FormSection
        className={SECTION}
        id="slides"
        title="Hero slides"
        level={2}
        intro={
          <>
            The home page slider shows these in order, {SLIDES_MIN} to {SLIDES_MAX} slides. Pictures and links are paths
            on this site.
          </>
        }
      >
        <ListError errors={fields.slides.errors} />
        {slides.map((item, i) => {
          const slide = item.getFieldset();
          return (
            <fieldset key={item.key ?? i} className="space-y-4 border border-line p-4">
              <legend className="px-1 text-xs font-semibold uppercase tracking-widest">Slide {i + 1}</legend>
              <AdminField id={`slide-${i}-title`} label="Title" {...fieldProps(slide.title)} />
              <AdminField id={`slide-${i}-subtitle`} label="Subtitle" {...fieldProps(slide.subtitle)} />
              <AdminField
                id={`slide-${i}-image`}
                label="Picture path"
                {...fieldProps(slide.image)}
                hint="e.g. /media/hero/summer-1280.webp; blank shows a dark gradient."
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <AdminField
                  id={`slide-${i}-link`}
                  label="Button link"
                  {...fieldProps(slide.link)}
                  placeholder="/collections"
                />
                <AdminField id={`slide-${i}-buttonText`} label="Button text" {...fieldProps(slide.buttonText)} />
              </div>
              {slides.length > SLIDES_MIN ? (
                <RowButton
                  {...form.remove.getButtonProps({ name: fields.slides.name, index: i })}
                  label={`Remove slide ${i + 1}`}
                >
                  Remove slide
                </RowButton>
              ) : null}
            </fieldset>
          );
        })}
        {slides.length < SLIDES_MAX ? (
          <RowButton {...form.insert.getButtonProps({ name: fields.slides.name, defaultValue: BLANK_SLIDE })}>
            Add a slide
          </RowButton>
        ) : null}
      </FormSection>

      <FormSection
        className={SECTION}
        id="mails"
        title="Automated mails"
        level={2}
        intro="Mails the store sends by itself. Switched off, none of that kind goes; the delay is kept for when it is switched on again."
      >
        <AutomatedMail
          enabled={fields.unpaidReminderEnabled}
          label="Remind shoppers to pay an order they left unpaid"
          hint="One mail per order, with a link back to pay the same order. Never for orders awaiting a transfer."
          delay={fields.unpaidReminderMinutes}
          delayId="unpaidReminderMinutes"
          delayLabel="Send the reminder after (minutes)"
          range={[UNPAID_REMINDER_MIN, UNPAID_REMINDER_MAX]}
          delayHint={
            'Counted from when the shopper left the payment. The mail links to the order’s page to pay it while ' +
            'its items are still in stock, and otherwise says what sold out. ' +
            `${UNPAID_REMINDER_MIN} to ${UNPAID_REMINDER_MAX}.`
          }
        />
        <AutomatedMail
          enabled={fields.abandonedCartEnabled}
          label="Mail signed-in customers about a cart they left"
          hint="One mail per change of the cart, only to customers who did not unsubscribe."
          delay={fields.abandonedCartHours}
          delayId="abandonedCartHours"
          delayLabel="Send the cart mail after (hours)"
          range={[ABANDONED_CART_MIN, ABANDONED_CART_MAX]}
          delayHint={`Counted from the last change of the cart. ${ABANDONED_CART_MIN} to ${ABANDONED_CART_MAX}.`}
        />
        <AutomatedMail
          enabled={fields.backInStockEnabled}
          label="Mail shoppers when a size or colour they asked for is back in stock"
          hint="Each “Email me when it’s back” request gets one mail when the stock returns."
          delay={fields.backInStockMinutes}
          delayId="backInStockMinutes"
          delayLabel="Send the back-in-stock mail after (minutes)"
          range={[BACK_IN_STOCK_MIN, BACK_IN_STOCK_MAX]}
          delayHint={
            'Counted from when the stock returned, so a count corrected at once mails nobody; 0 sends at once. ' +
            `${BACK_IN_STOCK_MIN} to ${BACK_IN_STOCK_MAX}.`
          }
        />
      </FormSection>

      <div className="border-t border-line pt-8">{save}</div>
    </AdminFormFrame>
  );
}

/** One automated mail's settings: switched on or off, and its delay (a whole number in `range`). */
function AutomatedMail(props: {
  enabled: { name: string; defaultChecked?: boolean };
  label: string;
  hint: string;
  delay: FieldState;
  delayId: string;
  delayLabel: string;
  range: readonly [number, number];
  delayHint: string;
}) {
  const { enabled, delay, range } = props;
  return (
    <div className="space-y-3">
      <CheckboxField
        name={enabled.name}
        label={props.label}
        hint={props.hint}
        defaultChecked={enabled.defaultChecked}
      />
      <AdminField
        id={props.delayId}
        label={props.delayLabel}
        type="number"
        inputMode="numeric"
        min={range[0]}
        max={range[1]}
        step={1}
        {...fieldProps(delay)}
        hint={props.delayHint}
      />
    </div>
  );
}

/** A whole list's problem (none left, too many), above its rows. */
function ListError({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p role="alert" className="text-sm text-sale">
      {errors[0]}
    </p>
  ) : null;
}
