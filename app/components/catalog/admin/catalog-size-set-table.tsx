/** The size sets of /admin/size-sets: name (the default marked), sizes and how many products use each (CrudTable). */
import { SIZE_SET_SCREEN, type SizeSetRow } from '~/lib/catalog/admin-size-sets';
import { CrudEditLink, CrudTable } from '../../admin/crud/list';

export function CatalogSizeSetTable({ rows }: { rows: SizeSetRow[] }) {
  return (
    <CrudTable
      screen={SIZE_SET_SCREEN}
      caption="Size sets, in the order the product form lists them"
      minWidthClass="min-w-[640px]"
      rows={rows}
      columns={[
        {
          header: 'Size set',
          rowHeader: true,
          cell: (row) => (
            <>
              <CrudEditLink screen={SIZE_SET_SCREEN} row={row} />
              {row.isDefault ? (
                <span className="ml-2 border border-ink px-1.5 py-0.5 text-xs uppercase tracking-widest">Default</span>
              ) : null}
            </>
          ),
        },
        { header: 'Sizes', cell: (row) => row.sizes.join(', ') },
        {
          header: 'Products',
          cell: (row) => (row.products === 1 ? '1 product' : `${row.products} products`),
          className: (row) => (row.products ? '' : 'text-muted'),
        },
      ]}
    />
  );
}
