/** The rows of /admin/colours: swatch, name, how many products use it, with Edit and Delete (CrudTable). */
import { COLOUR_SCREEN, type AdminColourRow } from '~/lib/catalog/admin-colours';
import { CrudEditLink, CrudTable } from '../../admin/crud/list';

export function ColourSwatchMark({ swatch }: { swatch: string }) {
  return (
    <span aria-hidden="true" className="inline-block h-6 w-6 border border-line" style={{ backgroundColor: swatch }} />
  );
}

export function CatalogColourTable({ rows }: { rows: AdminColourRow[] }) {
  return (
    <CrudTable
      screen={COLOUR_SCREEN}
      caption="Colours, in the order the product form offers them"
      minWidthClass="min-w-[520px]"
      rows={rows}
      columns={[
        { header: 'Swatch', cell: (row) => <ColourSwatchMark swatch={row.swatch} /> },
        { header: 'Colour', rowHeader: true, cell: (row) => <CrudEditLink screen={COLOUR_SCREEN} row={row} /> },
        { header: 'Hex', cell: (row) => <code>{row.swatch}</code> },
        {
          header: 'Products',
          cell: (row) => (row.productCount ? row.productCount.toLocaleString('en-NG') : 'None'),
          className: (row) => (row.productCount ? '' : 'text-muted'),
        },
      ]}
    />
  );
}
