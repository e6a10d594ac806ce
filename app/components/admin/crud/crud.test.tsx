import type { SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from '~/components/accounts/fields';
import type { CrudScreen } from '~/lib/admin/admin-crud';
import { fieldProps, useAdminForm } from '../admin-form';
import { CrudError } from './crud-error';
import { CrudFilters, FilterSearch, FilterSelect } from './filters';
import { CrudForm, CrudFormPage } from './form';
import { CrudEditLink, CrudListPage, CrudTable } from './list';

const html = (node: ReactNode) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }]);
  return renderToString(<Stub initialEntries={['/']} />).replace(/<!-- -->| data-discover="true"/g, '');
};

const screen: CrudScreen = {
  path: '/admin/promo-codes',
  entity: 'promoCode',
  one: 'promo code',
  many: 'promo codes',
  messages: {
    saveError: 'Error saving promo code.',
    deleteError: 'Error deleting promo code.',
    confirmDelete: 'Are you sure you want to delete this promo code?',
    saved: 'Promo code saved.',
    deleted: 'Promo code deleted.',
  },
};

type Row = { id: string; name: string; uses: number };
const rows: Row[] = [
  { id: 'abcdefghijklm1', name: 'RAINY10', uses: 3 },
  { id: 'abcdefghijklm2', name: 'HARMATTAN', uses: 0 },
];
const table = (
  <CrudTable
    screen={screen}
    caption="Promo codes, newest first"
    minWidthClass="min-w-[600px]"
    columns={[
      { header: 'Code', rowHeader: true, cell: (row: Row) => <CrudEditLink screen={screen} row={row} /> },
      { header: 'Uses', cell: (row: Row) => row.uses, className: (row: Row) => (row.uses ? '' : 'text-muted') },
    ]}
    rows={rows}
    back="q=rain"
  />
);
const none = { confirm: null, deleted: false };

describe('CrudListPage and CrudTable', () => {
  it('shows the heading, the add link, the rows with Edit and Delete, and the range of a paged list', () => {
    const page = html(
      <CrudListPage
        screen={screen}
        deletion={none}
        count={2}
        paging={{ page: 2, pageCount: 3, total: 42, hrefFor: (p) => `/admin/promo-codes?page=${p}` }}
        empty={{ title: 'No promo codes yet', text: '' }}
      >
        {table}
      </CrudListPage>,
    );
    expect(page).toContain('>Promo codes</h1>');
    expect(page).toContain('href="/admin/promo-codes/new"');
    expect(page).toContain('>Add promo code</a>');
    expect(page).toContain('Showing 21–22 of 42 promo codes');
    expect(page).toMatch(/<th scope="row" class="[^"]*text-left font-normal[^"]*"><a [^>]*>RAINY10<\/a><\/th>/);
    // On a phone a card's line is led by its column's name (decision 0045); a column's own classes follow.
    expect(page).toMatch(/<td data-label="Uses" class="[^"]*sm:table-cell[^"]* text-muted">0<\/td>/);
    expect(page).toContain('aria-label="Edit RAINY10"');
    expect(page).toContain('aria-label="Delete HARMATTAN"');
    expect(page).toContain('<input type="hidden" name="back" value="q=rain"/>');
    expect(page).toContain('aria-label="Pagination"');
  });

  it('asks on the page before deleting (no JavaScript), and says when a record is gone', () => {
    const page = html(
      <CrudListPage
        screen={screen}
        deletion={{ confirm: { id: rows[0].id, name: 'RAINY10' }, deleted: true }}
        back="q=rain"
        count={2}
        empty={{ title: '', text: '' }}
      >
        {table}
      </CrudListPage>,
    );
    expect(page).toContain('role="alertdialog"');
    expect(page).toContain('Are you sure you want to delete this promo code?');
    expect(page).toContain('<input type="hidden" name="confirmed" value="yes"/>');
    expect(page).toContain('href="/admin/promo-codes?q=rain">Cancel</a>');
    expect(page).toContain('Promo code deleted.');
    expect(page).not.toContain('Showing');
  });

  it('offers the first record, or clearing the filters, when there are no rows', () => {
    const empty = (filtered: boolean) =>
      html(
        <CrudListPage screen={screen} deletion={none} count={0} empty={{ title: 'Nothing', text: 'Why', filtered }}>
          {table}
        </CrudListPage>,
      );
    expect(empty(false)).toContain('href="/admin/promo-codes/new">Add promo code</a>');
    expect(empty(true)).toContain('href="/admin/promo-codes">Clear filters</a>');
    expect(empty(true)).not.toContain('RAINY10');
  });

  it('filters with a GET form whose Clear link shows only when a filter is set', () => {
    const filters = (active: boolean) =>
      html(
        <CrudFilters
          label="Find promo codes"
          screen={screen}
          active={active}
          columnsClass="lg:grid-cols-[2fr_1fr_auto]"
        >
          <FilterSearch name="q" label="Search" defaultValue="rain" maxLength={50} />
          <FilterSelect
            name="state"
            label="State"
            defaultValue="active"
            options={[
              { value: '', label: 'Any state' },
              { value: 'active', label: 'Active' },
            ]}
          />
        </CrudFilters>,
      );
    expect(filters(true)).toContain('role="search"');
    expect(filters(true)).toContain('method="get"');
    expect(filters(true)).toContain('<option value="active" selected="">Active</option>');
    expect(filters(true)).toContain('>Clear</a>');
    expect(filters(false)).not.toContain('>Clear</a>');
  });
});

/** A screen's form as the pattern has it: one schema, useAdminForm, CrudForm around fields taking fieldProps. */
const promoSchema = z.object({ code: z.string({ error: 'Please enter a code.' }).trim().min(1).max(20) });

function PromoForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useAdminForm(promoSchema, { id: 'promo-code', defaultValue: { code: 'RAINY' }, lastResult });
  return (
    <CrudForm form={form} label="Promo code" submitLabel="Create promo code">
      <TextField label="Code" {...fieldProps(fields.code)} />
    </CrudForm>
  );
}

describe('CrudFormPage and CrudForm', () => {
  // The action's answer to a post without the code: the form's message and the field's.
  const refusal: SubmissionResult<string[]> = {
    status: 'error',
    initialValue: {},
    error: { '': ['Error saving promo code.'], code: ['Please enter a code.'] },
    fields: ['code'],
  };
  const form = <PromoForm lastResult={refusal} />;

  it('starts the form from its values, with the constraints its schema states', () => {
    const page = html(<PromoForm />);
    expect(page).toMatch(/<form id="promo-code" noValidate=""[^>]* encType="multipart\/form-data" method="post">/);
    expect(page).toMatch(/<input id="code"[^>]* required="" maxLength="20" name="code" value="RAINY"\/>/);
    expect(page).not.toContain('role="alert"');
  });

  it('shows the new page with its form', () => {
    const page = html(<CrudFormPage screen={screen}>{form}</CrudFormPage>);
    expect(page).toContain('>← All promo codes</a>');
    expect(page).toContain('>Add promo code</h1>');
    expect(page).toContain('aria-label="Promo code"');
    expect(page).toContain(
      '<p role="alert" class="wrap-anywhere border border-sale px-4 py-3 text-sm text-sale">Error saving promo code.',
    );
    expect(page).toContain('Please enter a code.</p>');
    expect(page).toMatch(/<input id="code" aria-invalid="true" aria-describedby="code-error"[^>]* name="code"\/>/);
    expect(page).toContain('>Create promo code</button>');
    expect(page).not.toContain('Delete this');
  });

  it('shows the edit page with its shop link and its delete button', () => {
    const page = html(
      <CrudFormPage
        screen={screen}
        record={{ id: rows[0].id, name: 'RAINY10' }}
        viewHref="/promo/RAINY10"
        deleteHint="Orders keep it."
      >
        {form}
      </CrudFormPage>,
    );
    expect(page).toContain('>Edit promo code</h1>');
    expect(page).toContain('href="/promo/RAINY10"');
    expect(page).toContain('>Delete this promo code</h2>');
    expect(page).toContain('Orders keep it.');
    expect(page).toContain('aria-label="Delete RAINY10"');
  });

  it('shows an error page leading back to the list', () => {
    const page = html(<CrudError error={new Error('x')} screen={screen} />);
    expect(page).toContain('Something went wrong');
    expect(page).toContain('href="/admin/promo-codes">Back to promo codes</a>');
  });
});
