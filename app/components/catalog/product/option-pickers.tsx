import { swatchOf, type ColourSwatch } from '~/lib/catalog/colours';

type PickerProps = {
  options: string[];
  value: string;
  soldOut: Set<string>;
  onChange: (value: string) => void;
  showValue: boolean;
};

/** Sizes as a radio group: real inputs, so the choice is posted with or without JavaScript. */
export function SizePicker({ options, value, soldOut, onChange, showValue }: PickerProps) {
  return (
    <fieldset>
      <legend className="text-xs font-semibold uppercase tracking-widest">
        Size{showValue && value ? <span className="font-normal text-muted">: {value}</span> : null}
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((size) => {
          const out = soldOut.has(size);
          return (
            <label key={size} className="cursor-pointer">
              <input
                type="radio"
                name="size"
                value={size}
                checked={value === size}
                onChange={() => onChange(size)}
                className="peer sr-only"
              />
              <span
                className={`flex h-11 min-w-12 items-center justify-center border px-3 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink ${out ? 'border-line text-muted line-through' : 'border-neutral-400 hover:border-ink'}`}
              >
                {size}
                {out ? <span className="sr-only"> (sold out)</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Colour swatches (at most 5, chosen by the caller) as a radio group; the name is the accessible label, the swatch
 * the colours table's (decision 0034).
 */
export function ColorPicker({
  options,
  value,
  soldOut,
  onChange,
  showValue,
  swatches,
}: PickerProps & { swatches: readonly ColourSwatch[] }) {
  return (
    <fieldset>
      <legend className="text-xs font-semibold uppercase tracking-widest">
        Color{showValue && value ? <span className="font-normal text-muted">: {value}</span> : null}
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {options.map((color) => {
          const out = soldOut.has(color);
          return (
            <label key={color} className="cursor-pointer" title={out ? `${color} (sold out)` : color}>
              <input
                type="radio"
                name="color"
                value={color}
                checked={value === color}
                onChange={() => onChange(color)}
                className="peer sr-only"
              />
              <span className="relative flex h-11 w-11 items-center justify-center rounded-full border border-transparent peer-checked:border-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink">
                <span
                  aria-hidden="true"
                  className="h-8 w-8 rounded-full border border-neutral-300"
                  style={{ backgroundColor: swatchOf(swatches, color) }}
                />
                {out ? <span aria-hidden="true" className="absolute h-px w-10 -rotate-45 bg-ink" /> : null}
                <span className="sr-only">
                  {color}
                  {out ? ' (sold out)' : ''}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
