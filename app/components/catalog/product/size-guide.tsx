import { useHydrated } from '~/hooks/use-hydrated';
import { measureText, type SizeGuide } from '~/lib/catalog/size-guides';

const ID = 'size-guide';

/**
 * "Size guide" beside the size picker, and the product's fit note. A link to the guide's section of the page
 * (#size-guide) that works without JavaScript; with it, the guide opens as a modal dialog: native, so focus moves
 * into it, Escape closes it and focus comes back to the link.
 */
export function SizeGuideLink({ guide, fitNote }: { guide: boolean; fitNote: string }) {
  return guide || fitNote ? (
    <p className="-mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {guide ? (
        <a
          href={`#${ID}`}
          className="font-medium underline underline-offset-4"
          onClick={(event) => {
            const dialog = document.getElementById(ID) as HTMLDialogElement | null;
            if (dialog?.showModal) {
              event.preventDefault();
              dialog.showModal();
            }
          }}
        >
          Size guide
        </a>
      ) : null}
      {fitNote ? <span className="text-muted">{fitNote}</span> : null}
    </p>
  ) : null;
}

/**
 * The guide's table (docs/requirements.md#4-what-each-page-shows): a section of the page as it is served, the dialog
 * SizeGuideLink opens once the scripts run. Centimetres with inches beside them.
 */
export function SizeGuidePanel({ guide }: { guide: SizeGuide }) {
  const hydrated = useHydrated();
  const heading = (
    <h2 id={`${ID}-title`} className="text-xs font-semibold uppercase tracking-widest">
      Size guide
    </h2>
  );
  const table = (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="pb-2 text-left text-muted">{guide.title}: body measurements in cm (inches)</caption>
        <thead>
          <tr className="border-b border-ink">
            {['Size', ...guide.measurements].map((name) => (
              <th key={name} scope="col" className="py-2 pr-4 font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {guide.rows.map((row) => (
            <tr key={row.size} className="border-b border-line">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {row.size}
              </th>
              {row.cm.map((cm, j) => (
                <td key={j} className="whitespace-nowrap py-2 pr-4">
                  {measureText(cm)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  const labelled = { id: ID, 'aria-labelledby': `${ID}-title` };
  return hydrated ? (
    <dialog
      {...labelled}
      className="m-auto max-h-[85vh] w-[min(42rem,calc(100%-2rem))] bg-paper p-5 backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between">
        {heading}
        <form method="dialog">
          <button className="h-11 px-2 text-xs font-semibold uppercase tracking-widest underline">Close</button>
        </form>
      </div>
      {table}
    </dialog>
  ) : (
    <section {...labelled} className="mt-8 scroll-mt-6">
      {heading}
      {table}
    </section>
  );
}
