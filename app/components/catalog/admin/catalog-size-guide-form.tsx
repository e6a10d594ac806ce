/**
 * The size guide form of /admin/size-guides/new and /admin/size-guides/edit/:id (decision 0034): a grid whose header
 * row names up to six measurements and whose rows are sizes, each cell centimetres. A size set's guide has a row per
 * size of the set (fixed); a category's guide lets the admin type its sizes, with blank rows to spare. Plain inputs
 * with Conform's names (`rows[2].cm[1]`), so it posts the same without JavaScript.
 */
import type { SubmissionResult } from '@conform-to/react';
import { Link } from 'react-router';
import { SIZE_GUIDE_LIMITS, sizeGuideSchema, type SizeGuideFormValues } from '~/lib/catalog/admin-size-guides';
import { useAdminForm } from '../../admin/admin-form';
import { CrudForm } from '../../admin/crud/form';

type Props = {
  /** What the guide is for, as the admin reads it: "Clothing (size set)". */
  title: string;
  /** A size set's guide: its rows are the set's sizes, not typed. */
  fixedSizes: boolean;
  defaultValue: SizeGuideFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
  /** On the new page: back to choosing what the guide is for. */
  changeHref?: string;
};

const COLUMNS = Array.from({ length: SIZE_GUIDE_LIMITS.measurements }, (_, j) => j);
const EXAMPLES = ['Chest', 'Waist', 'Hip'];
const ERRORS_ID = 'size-guide-errors';
const headClass = 'px-1 py-1 text-left text-xs font-medium uppercase tracking-widest';
const boxClass = (bad: boolean) =>
  `h-10 border bg-paper px-2 text-base outline-none focus:border-ink ${bad ? 'border-sale' : 'border-line'}`;

export function CatalogSizeGuideForm(props: Props) {
  const { title, fixedSizes, defaultValue, lastResult, submitLabel, notice, changeHref } = props;
  const [form] = useAdminForm(sizeGuideSchema, { id: 'size-guide', defaultValue, lastResult });
  // As loaded, or as posted when the answer came back: Conform keeps the values under the same names.
  const initial = (form.initialValue ?? {}) as Partial<SizeGuideFormValues>;
  const errors = form.allErrors;
  const gridErrors = Object.entries(errors)
    .filter(([name]) => name.startsWith('measurements') || name.startsWith('rows'))
    .flatMap(([, messages]) => messages);
  const input = (name: string, label: string, value: string | undefined, className: string, maxLength?: number) => {
    const bad = Boolean(errors[name]?.length);
    return (
      <input
        name={name}
        aria-label={label}
        defaultValue={value ?? ''}
        maxLength={maxLength}
        aria-invalid={bad ? true : undefined}
        aria-describedby={bad ? ERRORS_ID : undefined}
        className={`${boxClass(bad)} ${className}`}
      />
    );
  };
  return (
    <CrudForm form={form} label="Size guide" notice={notice} submitLabel={submitLabel}>
      <p className="text-sm">
        For <strong>{title}</strong>
        {changeHref ? (
          <>
            {' '}
            <Link to={changeHref} className="underline underline-offset-4">
              Choose another
            </Link>
          </>
        ) : null}
      </p>
      <input type="hidden" name="subject" value={defaultValue.subject} />
      <div>
        <div className="overflow-x-auto">
          <table className="border-collapse text-sm" aria-describedby="size-guide-hint">
            <caption className="mb-2 text-left text-xs font-medium uppercase tracking-widest">
              Measurements in centimetres
            </caption>
            <thead>
              <tr>
                <th scope="col" className={headClass}>
                  Size
                </th>
                {COLUMNS.map((j) => (
                  <th key={j} scope="col" className={headClass}>
                    {input(
                      `measurements[${j}]`,
                      `Measurement ${j + 1} name`,
                      initial.measurements?.[j] ?? '',
                      'w-32 normal-case tracking-normal',
                      SIZE_GUIDE_LIMITS.measurementName,
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {defaultValue.rows.map((row, i) => {
                const size = fixedSizes ? row.size : (initial.rows?.[i]?.size ?? row.size);
                const rowName = size || `row ${i + 1}`;
                return (
                  <tr key={i}>
                    <th scope="row" className="px-1 py-1 text-left font-medium">
                      {fixedSizes ? (
                        <>
                          {row.size}
                          <input type="hidden" name={`rows[${i}].size`} value={row.size} />
                        </>
                      ) : (
                        input(`rows[${i}].size`, `Size, row ${i + 1}`, size, 'w-24', SIZE_GUIDE_LIMITS.size)
                      )}
                    </th>
                    {COLUMNS.map((j) => (
                      <td key={j} className="px-1 py-1">
                        {input(
                          `rows[${i}].cm[${j}]`,
                          `${rowName}, measurement ${j + 1}, in cm`,
                          initial.rows?.[i]?.cm?.[j] ?? '',
                          'w-32',
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p id="size-guide-hint" className="mt-2 text-sm text-muted">
          Name up to {SIZE_GUIDE_LIMITS.measurements} measurements in the first row (e.g. {EXAMPLES.join(', ')}, Foot
          length) and enter centimetres from 0 to {SIZE_GUIDE_LIMITS.maxCm}, with at most one decimal (96.5). Leave a
          box blank where you do not measure; shoppers see inches beside each value. A column without a name and a row
          without values are left out.
          {fixedSizes ? null : ' Type a size per row; each save adds blank rows for more.'}
        </p>
        {gridErrors.length ? (
          <ul id={ERRORS_ID} className="mt-2 space-y-1 text-sm text-sale">
            {gridErrors.map((message, n) => (
              <li key={n}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </CrudForm>
  );
}
