/**
 * The store settings form: its values as the page starts it and its one Zod schema (decision 0019: the server parses
 * posts with it, the page validates with it first). Delivery fees, zones and pickup have their own page
 * (/admin/delivery, lib/delivery/admin-delivery.ts). Business hours and hero slides are
 * Conform field lists (`slides[0].title`), whose add and remove buttons work without JavaScript too: they post the
 * form with Conform's intent and it comes back edited, unsaved.
 */
import { z } from 'zod';
import { checkbox } from '../admin/admin-form';
import { MAX_LINE_QUANTITY } from '../cart/cart-rules';
import { emailField } from '../forms/forms';
import { safeRedirectPath } from '../safe-redirect';
import type { HeroSlide, StoreSettings } from './settings';
import { formatWhatsappNumber, normaliseWhatsappNumber, WHATSAPP_NUMBER_ERROR } from '../whatsapp';

export const SLIDES_MIN = 1;
export const SLIDES_MAX = 5;
export const HOURS_MIN = 1;
export const HOURS_MAX = 7;
/** Units of one product per order: at least one can always be bought, and never more than one cart line may hold. */
export const UNITS_PER_PRODUCT_MIN = 1;
export const UNITS_PER_PRODUCT_MAX = MAX_LINE_QUANTITY;
export const TRANSFER_WINDOW_MIN = 15;
export const TRANSFER_WINDOW_MAX = 1440;
export const TRANSFER_WINDOW_ERROR =
  'Please enter the transfer window in minutes: ' +
  `a whole number from ${TRANSFER_WINDOW_MIN} to ${TRANSFER_WINDOW_MAX}.`;
export const UNITS_PER_PRODUCT_ERROR =
  'Please enter the most units of one product per order: ' +
  `a whole number from ${UNITS_PER_PRODUCT_MIN} to ${UNITS_PER_PRODUCT_MAX}.`;

/**
 * The automated mails' delays (docs/requirements.md#9-order-and-payment-statuses), as the store_settings checks allow
 * them: a reminder to pay no sooner than ten minutes after the shopper left the payment (they may still be paying in
 * another tab) and within a day; an abandoned cart after an hour to a week; back in stock at once up to a day after the
 * stock returned.
 */
export const UNPAID_REMINDER_MIN = 10;
export const UNPAID_REMINDER_MAX = 1440;
export const ABANDONED_CART_MIN = 1;
export const ABANDONED_CART_MAX = 168;
export const BACK_IN_STOCK_MIN = 0;
export const BACK_IN_STOCK_MAX = 1440;
export const UNPAID_REMINDER_ERROR =
  'Please enter when to send the reminder to pay, in minutes: ' +
  `a whole number from ${UNPAID_REMINDER_MIN} to ${UNPAID_REMINDER_MAX}.`;
export const ABANDONED_CART_ERROR =
  'Please enter when to send the abandoned-cart mail, in hours: ' +
  `a whole number from ${ABANDONED_CART_MIN} to ${ABANDONED_CART_MAX}.`;
export const BACK_IN_STOCK_ERROR =
  'Please enter when to send the back-in-stock mail, in minutes: ' +
  `a whole number from ${BACK_IN_STOCK_MIN} to ${BACK_IN_STOCK_MAX}.`;

export const SETTINGS_LIMITS = {
  storeName: 80,
  supportPhone: 30,
  bannerText: 120,
  days: 40,
  hours: 40,
  image: 500,
  title: 80,
  subtitle: 160,
  link: 200,
  buttonText: 30,
} as const;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved. The store uses them from now on.',
  invalid: 'Please correct the fields marked below.',
  failed: 'Error saving settings. Please try again.',
} as const;

/** What the form holds: text as typed (the fee in naira). */
export type SettingsFormValues = {
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  whatsappNumber: string;
  bannerText: string;
  maxUnitsPerProduct: string;
  transferWindowMinutes: string;
  unpaidReminderEnabled: boolean;
  unpaidReminderMinutes: string;
  abandonedCartEnabled: boolean;
  abandonedCartHours: string;
  backInStockEnabled: boolean;
  backInStockMinutes: string;
  hours: { days: string; hours: string }[];
  slides: HeroSlide[];
};

/** The saved settings as the form shows them. */
export function settingsToForm(settings: StoreSettings): SettingsFormValues {
  const { heroSlides, businessHours, whatsappNumber, ...rest } = settings;
  return {
    ...rest,
    whatsappNumber: whatsappNumber && formatWhatsappNumber(whatsappNumber),
    maxUnitsPerProduct: String(settings.maxUnitsPerProduct),
    transferWindowMinutes: String(settings.transferWindowMinutes),
    unpaidReminderMinutes: String(settings.unpaidReminderMinutes),
    abandonedCartHours: String(settings.abandonedCartHours),
    backInStockMinutes: String(settings.backInStockMinutes),
    hours: businessHours.map((row) => ({ ...row })),
    slides: heroSlides.map((slide) => ({ ...slide })),
  };
}

/** Required text: trimmed, not blank. Conform posts an empty box as no value, which gets the same message. */
const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max} characters.`);

/** A whole number typed in a box, from min to max; one message for blank, not a number and out of range. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** Optional text: trimmed, '' when left blank. */
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `Please keep ${label} under ${max} characters.`).default('');

/**
 * Optional: blank for no WhatsApp links; otherwise a Nigerian mobile number however it was typed, stored in the
 * international form wa.me takes ('2348031234567').
 */
const whatsappNumber = z
  .string({ error: WHATSAPP_NUMBER_ERROR })
  .trim()
  .default('')
  .transform((typed, context) => {
    if (typed === '') return '';
    const number = normaliseWhatsappNumber(typed);
    if (number) return number;
    context.addIssue({ code: 'custom', message: WHATSAPP_NUMBER_ERROR });
    return z.NEVER;
  });

/** A path on this very site ('/collections'), as it is: no other host, no '//' or backslash tricks. */
export const isLocalPath = (value: string) => value.startsWith('/') && safeRedirectPath(value, '') === value;

const slideSchema = z.object({
  image: optionalText('the picture path', SETTINGS_LIMITS.image).refine(
    (v) => v === '' || isLocalPath(v),
    "Use a picture on this site: a path starting with '/', e.g. /media/hero/summer-1280.webp (or leave it blank).",
  ),
  title: text('a title', SETTINGS_LIMITS.title),
  subtitle: optionalText('the subtitle', SETTINGS_LIMITS.subtitle),
  link: text('a link', SETTINGS_LIMITS.link).refine(
    isLocalPath,
    "The link must be a page of this store starting with '/', e.g. /collections.",
  ),
  buttonText: text('the button text', SETTINGS_LIMITS.buttonText),
});

export const settingsSchema = z
  .object({
    storeName: text('the store name', SETTINGS_LIMITS.storeName),
    supportEmail: emailField,
    supportPhone: text('the support phone number', SETTINGS_LIMITS.supportPhone).regex(
      /^\+?[\d\s()-]{7,}$/,
      'Please enter a phone number, e.g. +234 800 000 0000.',
    ),
    whatsappNumber,
    bannerText: optionalText('the banner text', SETTINGS_LIMITS.bannerText),
    maxUnitsPerProduct: wholeNumber(UNITS_PER_PRODUCT_MIN, UNITS_PER_PRODUCT_MAX, UNITS_PER_PRODUCT_ERROR),
    transferWindowMinutes: wholeNumber(TRANSFER_WINDOW_MIN, TRANSFER_WINDOW_MAX, TRANSFER_WINDOW_ERROR),
    unpaidReminderEnabled: checkbox(),
    unpaidReminderMinutes: wholeNumber(UNPAID_REMINDER_MIN, UNPAID_REMINDER_MAX, UNPAID_REMINDER_ERROR),
    abandonedCartEnabled: checkbox(),
    abandonedCartHours: wholeNumber(ABANDONED_CART_MIN, ABANDONED_CART_MAX, ABANDONED_CART_ERROR),
    backInStockEnabled: checkbox(),
    backInStockMinutes: wholeNumber(BACK_IN_STOCK_MIN, BACK_IN_STOCK_MAX, BACK_IN_STOCK_ERROR),
    hours: z
      .array(
        z.object({ days: text('the days', SETTINGS_LIMITS.days), hours: text('the hours', SETTINGS_LIMITS.hours) }),
      )
      .min(HOURS_MIN, 'Please keep at least one line of business hours.')
      .max(HOURS_MAX, `At most ${HOURS_MAX} lines of business hours.`),
    slides: z
      .array(slideSchema)
      .min(SLIDES_MIN, 'Please keep at least one hero slide.')
      .max(SLIDES_MAX, `At most ${SLIDES_MAX} hero slides.`),
  })
  .transform(({ hours, slides, ...rest }): StoreSettings => ({ ...rest, businessHours: hours, heroSlides: slides }));

/** A new slide, as "Add a slide" puts it in the form. */
export const BLANK_SLIDE: HeroSlide = {
  image: '',
  title: '',
  subtitle: '',
  link: '/collections',
  buttonText: 'Shop Now',
};

/** A new line of business hours, as "Add a line" puts it in the form. */
export const BLANK_HOURS = { days: '', hours: '' };
