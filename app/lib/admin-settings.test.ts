import { describe, expect, it } from 'vitest';
import {
  applyRowEdit,
  BLANK_SLIDE,
  hoursFieldName,
  isLocalPath,
  parseRowEdit,
  readSettingsForm,
  settingsErrors,
  settingsSchema,
  settingsToForm,
  slideFieldName,
  type SettingsFormValues,
} from './admin-settings';

const valid: SettingsFormValues = {
  storeName: ' Maison Lagos ',
  supportEmail: 'Hello@Maison.NG',
  supportPhone: '+234 803 123 4567',
  deliveryFee: '3,000.50',
  bannerText: 'Free delivery this week',
  maxUnitsPerProduct: ' 12 ',
  transferWindowMinutes: '60',
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

function formOf(values: SettingsFormValues): FormData {
  const form = new FormData();
  for (const key of [
    'storeName',
    'supportEmail',
    'supportPhone',
    'deliveryFee',
    'bannerText',
    'maxUnitsPerProduct',
    'transferWindowMinutes',
  ] as const)
    form.set(key, values[key]);
  for (const row of values.hours) {
    form.append(hoursFieldName('days'), row.days);
    form.append(hoursFieldName('hours'), row.hours);
  }
  for (const slide of values.slides)
    for (const field of ['image', 'title', 'subtitle', 'link', 'buttonText'] as const)
      form.append(slideFieldName(field), slide[field]);
  return form;
}

describe('reading the form', () => {
  it('pairs the repeated rows up in page order', () => {
    const two = { ...valid, slides: [valid.slides[0], { ...BLANK_SLIDE, title: 'Second' }] };
    expect(readSettingsForm(formOf(two))).toEqual(two);
  });

  it('turns missing fields and files into empty text', () => {
    const form = new FormData();
    form.set('storeName', new Blob(['x']));
    expect(readSettingsForm(form)).toEqual({
      storeName: '',
      supportEmail: '',
      supportPhone: '',
      deliveryFee: '',
      bannerText: '',
      maxUnitsPerProduct: '',
      transferWindowMinutes: '',
      hours: [],
      slides: [],
    });
  });

  it('shows saved settings with the fee in naira', () => {
    const form = settingsToForm({
      storeName: 'S',
      supportEmail: 'e@x.ng',
      supportPhone: '1',
      businessHours: [],
      deliveryFee: 260_000,
      heroSlides: [],
      bannerText: '',
      maxUnitsPerProduct: 10,
      transferWindowMinutes: 45,
    });
    expect(form.deliveryFee).toBe('2600');
    expect(form.maxUnitsPerProduct).toBe('10');
    expect(form.transferWindowMinutes).toBe('45');
    expect(settingsToForm({ ...settingsSchema.parse(valid) }).deliveryFee).toBe('3000.50');
  });
});

describe('settingsSchema', () => {
  it('trims, lowercases the email, stores the fee in kobo and keeps the storefront shapes', () => {
    expect(settingsSchema.parse(valid)).toEqual({
      storeName: 'Maison Lagos',
      supportEmail: 'hello@maison.ng',
      supportPhone: '+234 803 123 4567',
      deliveryFee: 300_050,
      bannerText: 'Free delivery this week',
      maxUnitsPerProduct: 12,
      transferWindowMinutes: 60,
      businessHours: valid.hours,
      heroSlides: valid.slides,
    });
    expect(settingsSchema.parse({ ...valid, deliveryFee: '0' }).deliveryFee).toBe(0);
  });

  it('names every wrong field, rows included', () => {
    const result = settingsSchema.safeParse({
      ...valid,
      storeName: '  ',
      supportEmail: 'not-an-email',
      supportPhone: 'call me',
      deliveryFee: '-5',
      hours: [{ days: '', hours: '9-5' }],
      slides: [{ ...valid.slides[0], link: 'https://evil.example', image: 'javascript:alert(1)', title: '' }],
    });
    expect(result.success).toBe(false);
    const errors = settingsErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual([
      'deliveryFee',
      'hours.0.days',
      'slides.0.image',
      'slides.0.link',
      'slides.0.title',
      'storeName',
      'supportEmail',
      'supportPhone',
    ]);
    expect(errors.storeName).toBe('Please enter the store name.');
    expect(errors.supportEmail).toBe('Please enter a valid email address.');
    expect(errors['slides.0.link']).toBe("The link must be a page of this store starting with '/', e.g. /collections.");
  });

  it('refuses a fee above ₦1,000,000, no slides, more than five slides, and no business hours', () => {
    expect(settingsErrors(settingsSchema.safeParse({ ...valid, deliveryFee: '1000000.01' }).error!).deliveryFee).toBe(
      'The delivery fee can be at most ₦1,000,000.',
    );
    expect(settingsErrors(settingsSchema.safeParse({ ...valid, slides: [] }).error!).slides).toBe(
      'Please keep at least one hero slide.',
    );
    expect(
      settingsErrors(settingsSchema.safeParse({ ...valid, slides: Array(6).fill(valid.slides[0]) }).error!).slides,
    ).toBe('At most 5 hero slides.');
    expect(settingsErrors(settingsSchema.safeParse({ ...valid, hours: [] }).error!).hours).toBe(
      'Please keep at least one line of business hours.',
    );
  });

  it('takes the transfer window as whole minutes from 15 to 1440', () => {
    const window = (value: string) => settingsSchema.safeParse({ ...valid, transferWindowMinutes: value });
    expect(window('15').data?.transferWindowMinutes).toBe(15);
    expect(window('1440').data?.transferWindowMinutes).toBe(1440);
    for (const bad of ['14', '1441', '', 'abc', '30.5', '-45']) {
      expect(settingsErrors(window(bad).error!).transferWindowMinutes, bad).toBe(
        'Please enter the transfer window in minutes: a whole number from 15 to 1440.',
      );
    }
  });

  it('takes the most units of one product per order as a whole number from 1 to 99', () => {
    const units = (value: string) => settingsSchema.safeParse({ ...valid, maxUnitsPerProduct: value });
    expect(units('1').data?.maxUnitsPerProduct).toBe(1);
    expect(units('99').data?.maxUnitsPerProduct).toBe(99);
    for (const bad of ['0', '100', '-1', '2.5', '1e1', 'ten', '', '  ', '0x10', '999999']) {
      expect(settingsErrors(units(bad).error!).maxUnitsPerProduct, bad).toBe(
        'Please enter the most units of one product per order: a whole number from 1 to 99.',
      );
    }
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

describe('row edits', () => {
  it('reads the intents', () => {
    expect(parseRowEdit('add-slide')).toEqual({ kind: 'add-slide' });
    expect(parseRowEdit('remove-slide:2')).toEqual({ kind: 'remove-slide', index: 2 });
    expect(parseRowEdit('remove-hours:0')).toEqual({ kind: 'remove-hours', index: 0 });
    expect(parseRowEdit('remove-slide:x')).toBeNull();
    expect(parseRowEdit('save')).toBeNull();
  });

  it('adds and removes within the limits', () => {
    const added = applyRowEdit(valid, { kind: 'add-slide' });
    expect(added.slides).toEqual([valid.slides[0], BLANK_SLIDE]);
    expect(applyRowEdit(added, { kind: 'remove-slide', index: 0 }).slides).toEqual([BLANK_SLIDE]);
    // The last slide and the last hours line stay; a sixth slide is not added.
    expect(applyRowEdit(valid, { kind: 'remove-slide', index: 0 })).toBe(valid);
    const five = { ...valid, slides: Array(5).fill(valid.slides[0]) };
    expect(applyRowEdit(five, { kind: 'add-slide' })).toBe(five);
    expect(applyRowEdit(valid, { kind: 'add-hours' }).hours).toHaveLength(3);
    expect(applyRowEdit(valid, { kind: 'remove-hours', index: 1 }).hours).toEqual([valid.hours[0]]);
  });
});
