/**
 * Stock per size and colour: one number box per cell of the chosen sizes × colours; blank = not tracked
 * (always available). Each cell's value as loaded goes back too (stockWas), so the server leaves cells
 * the admin did not touch alone, and units sold while the form was open are not put back.
 */
import { MAX_STOCK } from '~/lib/catalog/admin-catalog';
import {
  parseStockText,
  STOCK_FIELD,
  STOCK_WAS_FIELD,
  stockCellKey,
  stockGrid,
} from '~/lib/catalog/admin-catalog-product';
import { FieldError } from '~/components/accounts/fields';

type Props = {
  sizes: string[];
  colors: string[];
  stock: Record<string, string>;
  stockWas: Record<string, string>;
  onChange: (key: string, value: string) => void;
  error?: string;
  /** "Email me when it's back" requests waiting per cell (decision 0027): they are mailed once the cell has stock. */
  waiting?: Record<string, number>;
};

const sizeName = (size: string) => size || 'One size';
const colorName = (color: string) => color || 'Any colour';

export function CatalogStockGrid({ sizes, colors, stock, stockWas, onChange, error, waiting = {} }: Props) {
  const { rows, columns } = stockGrid(sizes, colors);
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="border-collapse text-sm" aria-describedby={error ? 'stock-error' : 'stock-hint'}>
          <caption className="mb-2 whitespace-nowrap text-left text-xs font-medium uppercase tracking-widest">
            Stock per size and colour
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left text-xs font-medium uppercase tracking-widest text-muted">
                Size
              </th>
              {columns.map((color) => (
                <th
                  key={color}
                  scope="col"
                  className="px-2 py-1 text-left text-xs font-medium uppercase tracking-widest"
                >
                  {colorName(color)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((size) => (
              <tr key={size}>
                <th scope="row" className="px-2 py-1 text-left font-medium">
                  {sizeName(size)}
                </th>
                {columns.map((color) => {
                  const key = stockCellKey(size, color);
                  const value = stock[key] ?? '';
                  const bad = !parseStockText(value).ok;
                  const asked = waiting[key] ?? 0;
                  return (
                    <td key={color} className="px-1 py-1">
                      <input
                        type="number"
                        name={`${STOCK_FIELD}${key}`}
                        min={0}
                        max={MAX_STOCK}
                        step={1}
                        inputMode="numeric"
                        value={value}
                        onChange={(event) => onChange(key, event.target.value)}
                        aria-label={`Stock of ${sizeName(size)} in ${colorName(color)}`}
                        aria-invalid={bad ? true : undefined}
                        placeholder="—"
                        className={`h-10 w-20 border bg-paper px-2 text-base outline-none focus:border-ink ${bad ? 'border-sale' : 'border-line'}`}
                      />
                      {asked > 0 ? (
                        <span className="block text-xs text-muted">
                          {asked} waiting
                          <span className="sr-only"> for an email when it is back</span>
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {Object.entries(stockWas).map(([key, value]) => (
        <input key={key} type="hidden" name={`${STOCK_WAS_FIELD}${key}`} value={value} />
      ))}
      <p id="stock-hint" className="mt-2 text-sm text-muted">
        Leave a box blank when you do not count that size and colour: it can always be bought.
      </p>
      <FieldError id="stock-error" error={error} />
    </div>
  );
}
