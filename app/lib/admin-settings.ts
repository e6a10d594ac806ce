/**
 * The store settings form: how its fields are named and read back (repeated rows for business hours and hero
 * slides, read in page order), its Zod schema (the server's authority; naira typed, kobo stored), and the
 * add/remove row edits that work without JavaScript (the form is posted with an intent and comes back edited).
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart-rules';
import { EMAIL_MAX, INVALID_EMAIL } from './forms';
import { nairaToKobo } from './money';
import { safeRedirectPath } from './safe-redirect';
import type { HeroSlide, StoreSettings } from './settings';

export const SLIDES_MIN = 1;
export const SLIDES_MAX = 5;
export const HOURS_MIN = 1;
export const HOURS_MAX = 7;
/** ₦1,000,000: anything above is surely a typo (kobo entered as naira). */
export const DELIVERY_FEE_MAX_KOBO = 100_000_000;
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
  deliveryFee: string;
  bannerText: string;
  maxUnitsPerProduct: string;
  transferWindowMinutes: string;
  hours: { days: string; hours: string }[];
  slides: HeroSlide[];
};

/** Field names of the repeated rows: every row has every field, so reading them in order pairs them up. */
export const SLIDE_FIELDS = ['image', 'title', 'subtitle', 'link', 'buttonText'] as const;
export const slideFieldName = (field: (typeof SLIDE_FIELDS)[number]) => `slide.${field}`;
export const HOURS_FIELDS = ['days', 'hours'] as const;
export const hoursFieldName = (field: (typeof HOURS_FIELDS)[number]) => `hours.${field}`;

type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] };
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The posted form as values (never throws; the schema judges them). At most a few rows more than allowed are kept. */
export function readSettingsForm(form: FormLike): SettingsFormValues {
  const column = (name: string) => form.getAll(name).map(str);
  const slideColumns = SLIDE_FIELDS.map((field) => column(slideFieldName(field)));
  const slideCount = Math.min(Math.max(0, ...slideColumns.map((c) => c.length)), SLIDES_MAX + 1);
  const hoursColumns = HOURS_FIELDS.map((field) => column(hoursFieldName(field)));
  const hoursCount = Math.min(Math.max(0, ...hoursColumns.map((c) => c.length)), HOURS_MAX + 1);
  return {
    storeName: str(form.get('storeName')),
    supportEmail: str(form.get('supportEmail')),
    supportPhone: str(form.get('supportPhone')),
    deliveryFee: str(form.get('deliveryFee')),
    bannerText: str(form.get('bannerText')),
    maxUnitsPerProduct: str(form.get('maxUnitsPerProduct')),
    transferWindowMinutes: str(form.get('transferWindowMinutes')),
    hours: Array.from({ length: hoursCount }, (_, i) => ({
      days: hoursColumns[0][i] ?? '',
      hours: hoursColumns[1][i] ?? '',
    })),
    slides: Array.from(
      { length: slideCount },
      (_, i) => Object.fromEntries(SLIDE_FIELDS.map((field, f) => [field, slideColumns[f][i] ?? ''])) as HeroSlide,
    ),
  };
}

/** The saved settings as the form shows them. */
export function settingsToForm(settings: StoreSettings): SettingsFormValues {
  const { deliveryFee, heroSlides, businessHours, maxUnitsPerProduct, transferWindowMinutes, ...rest } = settings;
  const fee = deliveryFee % 100 === 0 ? String(deliveryFee / 100) : (deliveryFee / 100).toFixed(2);
  return {
    ...rest,
    deliveryFee: fee,
    maxUnitsPerProduct: String(maxUnitsPerProduct),
    transferWindowMinutes: String(transferWindowMinutes),
    hours: businessHours.map((row) => ({ ...row })),
    slides: heroSlides.map((slide) => ({ ...slide })),
  };
}

const text = (label: string, max: number, required = true) => {
  const base = z.string().trim();
  return (required ? base.min(1, `Please enter ${label}.`) : base).max(
    max,
    `Please keep ${label} under ${max} characters.`,
  );
};

/** A path on this very site ('/collections'), as it is: no other host, no '//' or backslash tricks. */
export const isLocalPath = (value: string) => value.startsWith('/') && safeRedirectPath(value, '') === value;

const slideSchema = z.object({
  image: text('the picture path', SETTINGS_LIMITS.image, false).refine(
    (v) => v === '' || isLocalPath(v),
    "Use a picture on this site: a path starting with '/', e.g. /media/hero/summer-1280.webp (or leave it blank).",
  ),
  title: text('a title', SETTINGS_LIMITS.title),
  subtitle: text('the subtitle', SETTINGS_LIMITS.subtitle, false),
  link: text('a link', SETTINGS_LIMITS.link).refine(
    isLocalPath,
    "The link must be a page of this store starting with '/', e.g. /collections.",
  ),
  buttonText: text('the button text', SETTINGS_LIMITS.buttonText),
});

export const settingsSchema = z
  .object({
    storeName: text('the store name', SETTINGS_LIMITS.storeName),
    supportEmail: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, INVALID_EMAIL)
      .max(EMAIL_MAX, INVALID_EMAIL)
      .pipe(z.email({ error: INVALID_EMAIL })),
    supportPhone: text('the support phone number', SETTINGS_LIMITS.supportPhone).regex(
      /^\+?[\d\s()-]{7,}$/,
      'Please enter a phone number, e.g. +234 800 000 0000.',
    ),
    deliveryFee: z.string().transform((value, ctx) => {
      const kobo = nairaToKobo(value.trim());
      if (kobo === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Please enter the delivery fee in naira, e.g. 2600 (0 for free delivery).',
        });
        return z.NEVER;
      }
      if (kobo > DELIVERY_FEE_MAX_KOBO) {
        ctx.addIssue({ code: 'custom', message: 'The delivery fee can be at most ₦1,000,000.' });
        return z.NEVER;
      }
      return kobo;
    }),
    bannerText: text('the banner text', SETTINGS_LIMITS.bannerText, false),
    maxUnitsPerProduct: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, UNITS_PER_PRODUCT_ERROR)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(UNITS_PER_PRODUCT_MIN, UNITS_PER_PRODUCT_ERROR)
          .max(UNITS_PER_PRODUCT_MAX, UNITS_PER_PRODUCT_ERROR),
      ),
    transferWindowMinutes: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, TRANSFER_WINDOW_ERROR)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(TRANSFER_WINDOW_MIN, TRANSFER_WINDOW_ERROR)
          .max(TRANSFER_WINDOW_MAX, TRANSFER_WINDOW_ERROR),
      ),
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

/** Errors by field path: 'storeName', 'slides.1.link', 'hours' (a whole-list problem). */
export type SettingsErrors = Record<string, string>;

export function settingsErrors(error: z.ZodError): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

export const BLANK_SLIDE: HeroSlide = {
  image: '',
  title: '',
  subtitle: '',
  link: '/collections',
  buttonText: 'Shop Now',
};

export type RowEdit =
  | { kind: 'add-slide' }
  | { kind: 'remove-slide'; index: number }
  | { kind: 'add-hours' }
  | { kind: 'remove-hours'; index: number };

/** 'add-slide', 'remove-slide:2', 'add-hours', 'remove-hours:0'; null for anything else. */
export function parseRowEdit(intent: unknown): RowEdit | null {
  if (intent === 'add-slide' || intent === 'add-hours') return { kind: intent };
  const match = typeof intent === 'string' ? /^(remove-slide|remove-hours):(\d{1,2})$/.exec(intent) : null;
  return match ? { kind: match[1] as 'remove-slide' | 'remove-hours', index: Number(match[2]) } : null;
}

/** The form with a row added or removed, within the limits (an impossible edit changes nothing). */
export function applyRowEdit(values: SettingsFormValues, edit: RowEdit): SettingsFormValues {
  switch (edit.kind) {
    case 'add-slide':
      return values.slides.length >= SLIDES_MAX
        ? values
        : { ...values, slides: [...values.slides, { ...BLANK_SLIDE }] };
    case 'remove-slide':
      return values.slides.length <= SLIDES_MIN
        ? values
        : { ...values, slides: values.slides.filter((_, i) => i !== edit.index) };
    case 'add-hours':
      return values.hours.length >= HOURS_MAX
        ? values
        : { ...values, hours: [...values.hours, { days: '', hours: '' }] };
    case 'remove-hours':
      return values.hours.length <= HOURS_MIN
        ? values
        : { ...values, hours: values.hours.filter((_, i) => i !== edit.index) };
  }
}
