/** The rows of /admin/size-guides: what each guide is for, its measurements and its sizes, actions. */
import { SIZE_GUIDE_SCREEN, type SizeGuideListRow } from '~/lib/catalog/admin-size-guides';
import { CrudEditLink, CrudTable, type CrudColumn } from '../../admin/crud/list';

const SIZES_SHOWN = 12;

const columns: CrudColumn<SizeGuideListRow>[] = [
  { header: 'Size guide', rowHeader: true, cell: (row) => <CrudEditLink screen={SIZE_GUIDE_SCREEN} row={row} /> },
  { header: 'Measurements', cell: (row) => row.measurements.join(', ') },
  {
    header: 'Sizes',
    cell: (row) =>
      row.sizes.slice(0, SIZES_SHOWN).join(', ') +
      (row.sizes.length > SIZES_SHOWN ? ` and ${row.sizes.length - SIZES_SHOWN} more` : ''),
  },
];

export function CatalogSizeGuideTable({ rows }: { rows: SizeGuideListRow[] }) {
  return (
    <CrudTable
      screen={SIZE_GUIDE_SCREEN}
      caption="Size guides, size sets first"
      minWidthClass="min-w-[640px]"
      columns={columns}
      rows={rows}
    />
  );
}
