/**
 * The product form's question before a save takes away sizes that still hold stock or cart lines
 * (docs/requirements.md#12-admin-area): "M has 4 in stock. Remove it anyway?". Its button posts the whole form again with
 * the answer (the sizes agreed to), so nothing typed is lost; changing the sizes again asks again.
 */
import { CONFIRM_REMOVAL_FIELD } from '~/lib/catalog/admin-product-sizes';

export function CatalogRemovalQuestion({ question, answer }: { question: string; answer: string }) {
  return (
    <div role="alert" className="space-y-3 border border-sale p-4">
      <p className="text-sm">{question}</p>
      <p className="text-sm text-muted">
        Orders already placed keep their lines. Cart lines in those sizes can no longer be bought.
      </p>
      <input type="hidden" name={CONFIRM_REMOVAL_FIELD} value={answer} />
      <button
        type="submit"
        name="intent"
        value="save"
        className="bg-ink px-5 py-3 text-xs font-medium uppercase tracking-widest text-paper"
      >
        Remove and save
      </button>
    </div>
  );
}
