/**
 * No press lost to an admin form that moves (decision 0039): on each admin form, something wrong is typed into a
 * checked field, then the control below is pressed where it stood before the field was left; the press lands and
 * nothing moved. With JavaScript and without. Nothing is saved: only the size guide's press sends its form, which is
 * refused. The storefront's forms: forms-never-move.spec.ts.
 */
import { test, type Browser, type Page } from './fixtures';
import { refusedWith, typeThenPress, type Press } from './never-move';
import { adminPageAt, createAdmin, hydrated, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const admin = { email: uniqueEmail('never-move-admin'), password: 'never-move-lantern-pass' };
let sizeSetId = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  sizeSetId = newId();
  const sql = storeDatabase();
  try {
    await sql`insert into size_sets (id, name, sizes, position)
      values (${sizeSetId}, ${`Never move ${Date.now()}`}, '{S,M,L}', 97)`;
  } finally {
    await sql.end();
  }
  await createAdmin(browser, admin);
});

type AdminForm = {
  name: string;
  path: () => string;
  /** The form's accessible name. */
  form: string;
  presses: (form: ReturnType<Page['getByRole']>, js: boolean) => Press[];
};

const textbox = (form: ReturnType<Page['getByRole']>, name: string) => form.getByRole('textbox', { name, exact: true });

const forms: AdminForm[] = [
  {
    name: 'product',
    path: () => '/admin/products/new',
    form: 'Product',
    presses: (form) => [
      {
        field: textbox(form, 'Name'),
        value: '   ',
        next: form.getByLabel('Price (₦)', { exact: true }),
        took: 'focus',
      },
    ],
  },
  {
    name: 'collection',
    path: () => '/admin/collections/new',
    form: 'Collection',
    presses: (form) => [
      { field: textbox(form, 'Name'), value: '   ', next: textbox(form, 'Description'), took: 'focus' },
    ],
  },
  {
    name: 'promo code',
    path: () => '/admin/promo-codes/new',
    form: 'Promo code',
    presses: (form) => [
      { field: textbox(form, 'Code'), value: '   ', next: form.getByRole('radio').first(), took: 'check' },
    ],
  },
  {
    name: 'delivery zone',
    path: () => '/admin/delivery/new',
    form: 'Delivery zone',
    presses: (form) => [
      {
        field: textbox(form, 'Name'),
        value: '   ',
        next: form.getByRole('group', { name: 'States' }).getByRole('checkbox').first(),
        took: 'check',
      },
    ],
  },
  {
    name: 'settings',
    path: () => '/admin/settings',
    form: 'Store settings',
    presses: (form) => [
      { field: textbox(form, 'Store name'), value: '   ', next: textbox(form, 'Support email'), took: 'focus' },
    ],
  },
  {
    name: 'size set',
    path: () => '/admin/size-sets/new',
    form: 'Size set',
    presses: (form) => [
      { field: textbox(form, 'Name'), value: '   ', next: textbox(form, 'Sizes, in order'), took: 'focus' },
    ],
  },
  {
    name: 'colour',
    path: () => '/admin/colours/new',
    form: 'Colour',
    presses: (form) => [{ field: textbox(form, 'Name'), value: '   ', next: form.getByLabel('Swatch'), took: 'focus' }],
  },
  {
    name: 'size guide',
    path: () => `/admin/size-guides/new?for=${encodeURIComponent(`set:${sizeSetId}`)}`,
    form: 'Size guide',
    // Its messages are listed under the table, above the button that sends it.
    presses: (form, js) => {
      const cell = form.getByRole('textbox', { name: 'S, measurement 1, in cm' });
      return [
        { field: textbox(form, 'Measurement 1 name'), value: 'Chest', next: cell, took: 'focus' },
        {
          field: cell,
          value: '301',
          next: form.getByRole('button', { name: 'Create size guide' }),
          took: refusedWith(cell, { js, message: 'Chest for S: please enter centimetres from 0 to 300' }),
        },
      ];
    },
  },
];

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    for (const { name, path, form, presses } of forms) {
      test(`the ${name} form: the control below a wrong field takes the press`, async ({ browser }) => {
        const page = await adminPageAt(browser, admin, '/admin', js);
        await page.goto(path());
        if (js) await hydrated(page);
        const shown = page.getByRole('form', { name: form });
        for (const press of presses(shown, js)) await typeThenPress(page, press);
        await page.context().close();
      });
    }
  });
}
