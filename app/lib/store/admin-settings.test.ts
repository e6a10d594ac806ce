import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { BLANK_SLIDE, isLocalPath, settingsSchema, settingsToForm, type SettingsFormValues } from './admin-settings';

const valid: SettingsFormValues = {
  storeName: ' Maison Lagos ',
  supportEmail: 'Hello@Maison.NG',
  supportPhone: '+234 803 123 4567',
  whatsappNumber: '0803 123 4567',
  bannerText: 'Free delivery this week',
  maxUnitsPerProduct: ' 12 ',
  transferWindowMinutes: '60',
  unpaidReminderEnabled: true,
  unpaidReminderMinutes: '30',
  abandonedCartEnabled: false,
  abandonedCartHours: ' 24 ',
  backInStockEnabled: true,
  backInStockMinutes: '0',
  hours: [
    { days: 'Monday - Friday', hours: '9AM - 6PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  slides: [
    {
      image: '/media/hero/one-1280.webp',
      title: 'New season',
      subtitle: '',
      link: '/collections',
      buttonText: 'Shop Now',
    },
  ],
};

/**
 * The form as the page posts it: Conform names each row's fields by its index (`slides[0].title`); a ticked box
 * posts 'on', an unticked one nothing.
 */
function formOf(values: SettingsFormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') form.set(name, value);
    else if (typeof value === 'boolean') {
      if (value) form.set(name, 'on');
    } else
      value.forEach((row, i) =>
        Object.entries(row).forEach(([field, text]) => form.set(`${name}[${i}].${field}`, text)),
      );
  }
  return form;
}

/** The form parsed as the action and the page parse it: the settings to store, or the messages by field name. */
const parse = (values: SettingsFormValues) => parseWithZod(formOf(values), { schema: settingsSchema });
const errorsOf = (values: SettingsFormValues) => {
  const submission = parse(values);
  expect(submission.status).toBe('error');
  return submission.status === 'error' ? (submission.error ?? {}) : {};
};

describe('the settings form', () => {
  it('reads the repeated rows by their index, in page order', () => {
    const two = { ...valid, slides: [valid.slides[0], { ...BLANK_SLIDE, title: 'Second' }] };
    const submission = parse(two);
    expect(submission.status === 'success' && submission.value.heroSlides).toEqual(two.slides);
  });

  it('names a field left out or sent as a file with its own message', () => {
    const form = formOf(valid);
    form.set('storeName', new Blob(['x']));
    form.delete('maxUnitsPerProduct');
    const submission = parseWithZod(form, { schema: settingsSchema });
    expect(submission.status === 'error' && submission.error).toEqual({
      storeName: ['Please enter the store name.'],
      maxUnitsPerProduct: ['Please enter the most units of one product per order: a whole number from 1 to 99.'],
    });
  });

  it('shows saved settings as the form holds them', () => {
    const form = settingsToForm({
      storeName: 'S',
      supportEmail: 'e@x.ng',
      supportPhone: '1',
      whatsappNumber: '2348031234567',
      businessHours: [],
      heroSlides: [],
      bannerText: '',
      maxUnitsPerProduct: 10,
      transferWindowMinutes: 45,
      unpaidReminderEnabled: false,
      unpaidReminderMinutes: 90,
      abandonedCartEnabled: true,
      abandonedCartHours: 48,
      backInStockEnabled: true,
      backInStockMinutes: 0,
    });
    expect(form.maxUnitsPerProduct).toBe('10');
    expect(form.transferWindowMinutes).toBe('45');
    expect(form).toMatchObject({
      unpaidReminderEnabled: false,
      unpaidReminderMinutes: '90',
      abandonedCartEnabled: true,
      abandonedCartHours: '48',
      backInStockMinutes: '0',
    });
    // The number as people read it, which the form takes back as it is.
    expect(form.whatsappNumber).toBe('+234 803 123 4567');
    // Delivery's settings have their own page (lib/delivery/admin-delivery.ts): this form neither shows nor saves them.
    expect(form).not.toHaveProperty('deliveryFee');
  });
});

describe('settingsSchema', () => {
  it('trims, lowercases the email and keeps the storefront shapes', () => {
    const submission = parse(valid);
    expect(submission.status === 'success' && submission.value).toEqual({
      storeName: 'Maison Lagos',
      supportEmail: 'hello@maison.ng',
      supportPhone: '+234 803 123 4567',
      whatsappNumber: '2348031234567',
      bannerText: 'Free delivery this week',
      maxUnitsPerProduct: 12,
      transferWindowMinutes: 60,
      unpaidReminderEnabled: true,
      unpaidReminderMinutes: 30,
      abandonedCartEnabled: false,
      abandonedCartHours: 24,
      backInStockEnabled: true,
      backInStockMinutes: 0,
      businessHours: valid.hours,
      heroSlides: valid.slides,
    });
    const blank = parse({ ...valid, bannerText: '' });
    expect(blank.status === 'success' && blank.value.bannerText).toBe('');
  });

  it('names every wrong field, rows included', () => {
    const errors = errorsOf({
      ...valid,
      storeName: '  ',
      supportEmail: 'not-an-email',
      supportPhone: 'call me',
      hours: [{ days: '', hours: '9-5' }],
      slides: [{ ...valid.slides[0], link: 'https://evil.example', image: 'javascript:alert(1)', title: '' }],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'hours[0].days',
      'slides[0].image',
      'slides[0].link',
      'slides[0].title',
      'storeName',
      'supportEmail',
      'supportPhone',
    ]);
    expect(errors.storeName).toEqual(['Please enter the store name.']);
    expect(errors.supportEmail).toEqual(['Please enter a valid email address.']);
    expect(errors['hours[0].days']).toEqual(['Please enter the days.']);
    expect(errors['slides[0].link']).toEqual([
      "The link must be a page of this store starting with '/', e.g. /collections.",
    ]);
  });

  it('refuses no slides, more than five slides, and no business hours', () => {
    expect(errorsOf({ ...valid, slides: [] }).slides).toEqual(['Please keep at least one hero slide.']);
    expect(errorsOf({ ...valid, slides: Array(6).fill(valid.slides[0]) }).slides).toEqual(['At most 5 hero slides.']);
    expect(errorsOf({ ...valid, hours: [] }).hours).toEqual(['Please keep at least one line of business hours.']);
  });

  it('takes the transfer window as whole minutes from 15 to 1440', () => {
    const window = (value: string) => parse({ ...valid, transferWindowMinutes: value });
    const first = window('15');
    expect(first.status === 'success' && first.value.transferWindowMinutes).toBe(15);
    const last = window('1440');
    expect(last.status === 'success' && last.value.transferWindowMinutes).toBe(1440);
    for (const bad of ['14', '1441', '', 'abc', '30.5', '-45']) {
      expect(errorsOf({ ...valid, transferWindowMinutes: bad }).transferWindowMinutes, bad).toEqual([
        'Please enter the transfer window in minutes: a whole number from 15 to 1440.',
      ]);
    }
  });

  it('takes the most units of one product per order as a whole number from 1 to 99', () => {
    const units = (value: string) => parse({ ...valid, maxUnitsPerProduct: value });
    const one = units('1');
    expect(one.status === 'success' && one.value.maxUnitsPerProduct).toBe(1);
    const most = units('99');
    expect(most.status === 'success' && most.value.maxUnitsPerProduct).toBe(99);
    for (const bad of ['0', '100', '-1', '2.5', '1e1', 'ten', '', '  ', '0x10', '999999']) {
      expect(errorsOf({ ...valid, maxUnitsPerProduct: bad }).maxUnitsPerProduct, bad).toEqual([
        'Please enter the most units of one product per order: a whole number from 1 to 99.',
      ]);
    }
  });
});

describe('the automated mails', () => {
  it('reads each on/off box: ticked is on, left out is off', () => {
    const all = parse({ ...valid, unpaidReminderEnabled: true, abandonedCartEnabled: true, backInStockEnabled: true });
    expect(all.status === 'success' && all.value).toMatchObject({
      unpaidReminderEnabled: true,
      abandonedCartEnabled: true,
      backInStockEnabled: true,
    });
    const none = parse({
      ...valid,
      unpaidReminderEnabled: false,
      abandonedCartEnabled: false,
      backInStockEnabled: false,
    });
    expect(none.status === 'success' && none.value).toMatchObject({
      unpaidReminderEnabled: false,
      abandonedCartEnabled: false,
      backInStockEnabled: false,
    });
  });

  const delays = [
    {
      field: 'unpaidReminderMinutes',
      first: '10',
      last: '1440',
      bad: ['9', '1441', '0', '', ' ', 'abc', '30.5', '-30', '1e2', '99999'],
      message: 'Please enter when to send the reminder to pay, in minutes: a whole number from 10 to 1440.',
    },
    {
      field: 'abandonedCartHours',
      first: '1',
      last: '168',
      bad: ['0', '169', '', 'a day', '2.5', '-1'],
      message: 'Please enter when to send the abandoned-cart mail, in hours: a whole number from 1 to 168.',
    },
    {
      field: 'backInStockMinutes',
      first: '0',
      last: '1440',
      bad: ['1441', '', 'now', '0.5', '-1', '0x10'],
      message: 'Please enter when to send the back-in-stock mail, in minutes: a whole number from 0 to 1440.',
    },
  ] as const;

  for (const { field, first, last, bad, message } of delays) {
    it(`takes ${field} as a whole number from ${first} to ${last}, and refuses anything else plainly`, () => {
      for (const good of [first, last]) {
        const submission = parse({ ...valid, [field]: good });
        expect(submission.status === 'success' && submission.value[field], good).toBe(Number(good));
      }
      for (const value of bad) expect(errorsOf({ ...valid, [field]: value })[field], value).toEqual([message]);
      // Checked even when that mail is switched off: the delay is kept for when it is switched on again.
      const off = { ...valid, unpaidReminderEnabled: false, abandonedCartEnabled: false, backInStockEnabled: false };
      expect(errorsOf({ ...off, [field]: bad[0] })[field]).toEqual([message]);
    });
  }
});

describe('the WhatsApp number', () => {
  const number = (value: string) => parse({ ...valid, whatsappNumber: value });

  it('takes a Nigerian mobile number as typed and keeps it in the form wa.me takes', () => {
    for (const typed of ['0803 123 4567', '+234 803 123 4567', '2348031234567', '803 123 4567', ' 08031234567 ']) {
      const submission = number(typed);
      expect(submission.status === 'success' && submission.value.whatsappNumber, typed).toBe('2348031234567');
    }
  });

  it('may be left blank: no WhatsApp links', () => {
    const blank = number('   ');
    expect(blank.status === 'success' && blank.value.whatsappNumber).toBe('');
    const form = formOf(valid);
    form.delete('whatsappNumber');
    const missing = parseWithZod(form, { schema: settingsSchema });
    expect(missing.status === 'success' && missing.value.whatsappNumber).toBe('');
  });

  it('refuses anything else with one plain message', () => {
    for (const bad of ['0603 123 4567', '01 234 5678', '0803 123 456', '+44 7911 123456', 'call me', '0803-WHATSAPP']) {
      expect(errorsOf({ ...valid, whatsappNumber: bad }).whatsappNumber, bad).toEqual([
        'Please enter a Nigerian mobile number, e.g. 0803 123 4567.',
      ]);
    }
    const form = formOf(valid);
    form.set('whatsappNumber', new Blob(['08031234567']));
    const file = parseWithZod(form, { schema: settingsSchema });
    expect(file.status === 'error' && file.error?.whatsappNumber).toEqual([
      'Please enter a Nigerian mobile number, e.g. 0803 123 4567.',
    ]);
  });
});

describe('local paths', () => {
  it('accepts a path of this site only', () => {
    expect(isLocalPath('/collections')).toBe(true);
    expect(isLocalPath('/collections/abc?x=1')).toBe(true);
    for (const bad of ['collections', '//evil.example', '/\\evil.example', 'https://evil.example/', '/a/../b', ''])
      expect(isLocalPath(bad), bad).toBe(false);
  });
});
