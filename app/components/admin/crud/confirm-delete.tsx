/**
 * Deleting asks first (docs/requirements.md#13-forms-and-validation). With JavaScript: the browser's confirm() with the
 * spec's question, and the post says `confirmed=yes`. Without JavaScript the post arrives unconfirmed, the
 * server sends the list back with `?confirm={id}`, and DeleteConfirmation asks the same question on the
 * page with a second button that confirms.
 *
 * A new admin screen does not use these directly: CrudTable puts ConfirmDeleteButton in each row,
 * CrudFormPage on the edit page, and CrudListPage shows DeleteConfirmation; the list route's action is
 * deleteFromList (~/server/admin/crud.server), which answers both posts.
 */
import { Form, Link } from 'react-router';
import { useHydrated } from '~/hooks/use-hydrated';

type Props = {
  /** The list route whose action deletes (e.g. /admin/products). */
  action: string;
  id: string;
  /** What is deleted, for the button's accessible name. */
  name: string;
  question: string;
  /** The list's query string to come back to. */
  back?: string;
  className?: string;
};

const dangerButton =
  'min-h-11 flex-1 border border-sale px-3 py-2 text-xs uppercase tracking-widest text-sale hover:bg-sale ' +
  'hover:text-paper';

export function ConfirmDeleteButton({ action, id, name, question, back = '', className = '' }: Props) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
      <button type="submit" aria-label={`Delete ${name}`} className={dangerButton}>
        Delete
      </button>
    </Form>
  );
}

/** The no-JavaScript second step: the question, the item, a confirming button and a way back. */
export function DeleteConfirmation({
  action,
  id,
  name,
  question,
  back = '',
  cancelHref,
}: Props & { cancelHref: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-delete-question"
      aria-describedby="confirm-delete-item"
      className="border border-sale px-4 py-4"
    >
      <h2 id="confirm-delete-question" className="text-sm font-semibold">
        {question}
      </h2>
      <p id="confirm-delete-item" className="mt-1 text-sm">
        {name}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="min-h-11 bg-sale px-4 py-2 text-xs uppercase tracking-widest text-paper">
            Yes, delete
          </button>
        </Form>
        <Link
          to={cancelHref}
          className="inline-flex min-h-11 items-center text-xs uppercase tracking-widest underline underline-offset-4"
        >
          Cancel
        </Link>
      </div>
    </section>
  );
}
