/**
 * The shipping address of docs/requirements.md#5-data-the-store-keeps (firstName, lastName, country, address,
 * apartment?, city ('Town' in the UI), state, phone, email): one Zod schema for the account's saved address and
 * checkout, and the shape stored in orders.shipping_address and saved_addresses.address.
 */
import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY, formatNigerianPhone, NIGERIAN_STATES } from '../nigeria';

export type ShippingAddress = {
  firstName: string;
  lastName: string;
  country: string;
  address: string;
  apartment?: string;
  city: string;
  state: string;
  phone: string;
  email: string;
};

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'address',
  'apartment',
  'city',
  'state',
  'phone',
  'email',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const ADDRESS_LIMITS = { name: 100, line: 200, apartment: 100, city: 100, phone: 20, email: 254 } as const;

export const ADDRESS_MESSAGES = {
  saved: 'Your delivery address has been saved.',
  phone: 'Please enter a Nigerian phone number: +234 or 0 followed by 10 digits.',
  state: 'Please choose your state.',
  country: 'We deliver within Nigeria only.',
  email: 'Please enter a valid email address.',
} as const;

/**
 * The address fields, every blank required field saying `blank` when given (checkout's one word for them all,
 * docs/requirements.md#7-checkout), or its own "Please enter your …" otherwise. A field left empty reaches the schema
 * as undefined (Conform drops empty strings), one of spaces as '' after trimming: both get the same message.
 */
export function addressSchema(blank?: string) {
  const filled = (label: string) => {
    const missing = blank ?? `Please enter your ${label}.`;
    return z.string({ error: missing }).trim().min(1, missing);
  };
  const required = (label: string, max: number) =>
    filled(label).max(max, `Please keep your ${label} under ${max} characters.`);
  const choice = (message: string) => ({
    error: (issue: { input?: unknown }) => (blank !== undefined && issue.input === undefined ? blank : message),
  });
  return z.object({
    firstName: required('first name', ADDRESS_LIMITS.name),
    lastName: required('last name', ADDRESS_LIMITS.name),
    country: z.enum(COUNTRIES, choice(ADDRESS_MESSAGES.country)),
    address: required('address', ADDRESS_LIMITS.line),
    apartment: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.apartment, `Please keep the apartment or suite under ${ADDRESS_LIMITS.apartment} characters.`)
      .optional()
      .transform((value) => value || undefined),
    city: required('town', ADDRESS_LIMITS.city),
    state: z.enum(NIGERIAN_STATES, choice(ADDRESS_MESSAGES.state)),
    phone: filled('phone number')
      .max(ADDRESS_LIMITS.phone, ADDRESS_MESSAGES.phone)
      .transform((value, context) => {
        const formatted = formatNigerianPhone(value);
        if (!formatted) {
          context.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.phone });
          return z.NEVER;
        }
        return formatted;
      }),
    email: filled('email address')
      .toLowerCase()
      .max(ADDRESS_LIMITS.email, ADDRESS_MESSAGES.email)
      .pipe(z.email({ error: ADDRESS_MESSAGES.email })),
  });
}

/** The account's saved address (/account) and the shape read back from the database. */
export const shippingAddressSchema = addressSchema();
/** What the address forms send: every field a string, as typed. */
export type AddressInput = z.input<typeof shippingAddressSchema>;

// The schema's output is the stored shape (a compile-time check, no runtime cost).
const _sameShape: (value: z.infer<typeof shippingAddressSchema>) => ShippingAddress = (value) => value;
void _sameShape;

/** An empty form: Nigeria preselected; name and email prefilled from the signed-in account. */
export function blankAddress(
  prefill: Partial<Pick<ShippingAddress, 'firstName' | 'lastName' | 'email'>> = {},
): ShippingAddress {
  return {
    firstName: '',
    lastName: '',
    country: DEFAULT_COUNTRY,
    address: '',
    apartment: '',
    city: '',
    state: '',
    phone: '',
    email: '',
    ...prefill,
  };
}

/** Reads a stored address defensively (jsonb written by an older version may lack a field). */
export function parseStoredAddress(value: unknown): ShippingAddress | null {
  const parsed = shippingAddressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
