/**
 * Stock and SKU per size and colour: a number box and a SKU box per cell of the chosen sizes × colours; blank stock =
 * not tracked (always available), blank SKU = made from the product, size and colour (decision 0034). Each cell's value as loaded goes back too (stockWas), so the server leaves cells
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
import { SKU_FIELD, SKU_MAX } from '~/lib/catalog/admin-product-sizes';

type Props = {
  sizes: string[];
  colors: string[];
  stock: Record<string, string>;
  stockWas: Record<string, string>;
  onChange: (key: string, value: string) => void;
  error?: string;
  /** "Email me when it's back" requests waiting per cell (decision 0027): they are mailed once the cell has stock. */
  waiting?: Record<string, number>;
  /** The SKU per cell as loaded or typed, and its first error (a SKU taken, repeated or malformed). */
  sku: Record<string, string>;
  onSkuChange: (key: string, value: string) => void;
  skuError?: string;
};

const sizeName = (size: string) => size || 'One size';
const colorName = (color: string) => color || 'Any colour';

export function CatalogStockGrid(props: Props) {
  const { sizes, colors, stock, stockWas, onChange, error, waiting = {}, sku, onSkuChange, skuError } = props;
  const { rows, columns } = stockGrid(sizes, colors);
  return (
    <div>
      <div className="overflow-x-auto">
        <table
          className="border-collapse text-sm"
          aria-describedby={[error ? 'stock-error' : 'stock-hint', skuError ? 'sku-error' : ''].join(' ').trim()}
        >
          <caption className="mb-2 whitespace-nowrap text-left text-xs font-medium uppercase tracking-widest">
            Stock and SKU per size and colour
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
                      <input
                        type="text"
                        name={`${SKU_FIELD}${key}`}
                        maxLength={SKU_MAX}
                        value={sku[key] ?? ''}
                        onChange={(event) => onSkuChange(key, event.target.value)}
                        aria-label={`SKU of ${sizeName(size)} in ${colorName(color)}`}
                        placeholder="SKU: made for you"
                        autoComplete="off"
                        spellCheck={false}
                        className="mt-1 block h-8 w-40 border border-line bg-paper px-2 font-mono text-xs outline-none focus:border-ink"
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
        Leave a stock box blank when you do not count that size and colour: it can always be bought. Leave a SKU blank
        to get one made from the product, size and colour.
      </p>
      <FieldError id="stock-error" error={error} />
      <FieldError id="sku-error" error={skuError} />
    </div>
  );
}
