/**
 * The new and edit pages of an admin CRUD screen. CrudFormPage is the page: the way back to the list, the
 * heading ("Add …" or "Edit …" with an optional link to the record in the shop), the form, and on the edit
 * page its delete button (asking first). CrudForm is the form's shell: a post to its own page, checked first by
 * Conform with the form's schema (decision 0019), the save button that Enter presses, the form's message, then the
 * fields, then the submit button ("Saving…" while it posts, `busyLabel` while `busy`, e.g. during an upload).
 *
 * A new admin screen (promo codes, say):
 * - promo-code-new.tsx renders `<CrudFormPage screen={PROMO_SCREEN}><PromoForm key={formKey(loaderData)}
 *   defaultValue={loaderData.values} lastResult={actionData?.result} submitLabel="Create promo code" />
 *   </CrudFormPage>`;
 * - promo-code-edit.tsx passes `record={{ id, name }}` and `deleteHint` too, and the form `notice` after a save;
 * - PromoForm calls `const [form, fields] = useAdminForm(promoSchema, { id: 'promo-code', defaultValue, lastResult })`
 *   (~/components/admin/admin-form) and renders `<CrudForm form={form} label="Promo code" notice={notice}
 *   submitLabel={…}>` around its fields, each `<TextField label="Code" {...fieldProps(fields.code)} />`.
 * The routes' actions answer with formResponse (~/server/admin/crud.server).
 */
import type { FormMetadata } from '@conform-to/react';
import type { ReactNode, Ref } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { crudText, type CrudScreen } from '~/lib/admin/admin-crud';
import { ConfirmDeleteButton } from './confirm-delete';
import { headingClass } from './list';

const keys = new WeakMap<object, number>();
let last = 0;

/**
 * A React key per loader result or action answer: each is a new object. Keyed by the loader's data, a form re-mounts
 * after a save (which reloads it) and its inputs start again from the record as saved rather than keeping what was
 * typed; its fields need no key per answer (Conform shows an answer over the form as it is), but state kept beside
 * them does (the images, moved or uploaded by the server).
 */
export function formKey(state: object): number {
  let key = keys.get(state);
  if (key === undefined) {
    key = ++last;
    keys.set(state, key);
  }
  return key;
}

export function CrudFormPage({
  screen,
  record,
  viewHref,
  deleteHint,
  children,
}: {
  screen: CrudScreen;
  /** The record on an edit page; none on the new page. */
  record?: { id: string; name: string };
  /** The record as shoppers see it ("View in the shop"), on the edit page. */
  viewHref?: string;
  /** What deleting takes with it, under "Delete this …". */
  deleteHint?: string;
  /** The form. */
  children: ReactNode;
}) {
  const text = crudText(screen);
  return (
    <section className="space-y-6">
      <Link to={text.listPath} className="inline-block text-xs uppercase tracking-widest underline underline-offset-4">
        {text.all}
      </Link>
      {record ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className={headingClass}>{text.edit}</h1>
          {viewHref ? (
            <Link to={viewHref} className="text-xs uppercase tracking-widest underline underline-offset-4">
              View in the shop
            </Link>
          ) : null}
        </div>
      ) : (
        <h1 className={headingClass}>{text.add}</h1>
      )}
      {children}
      {record ? (
        <div className="max-w-3xl border-t border-line pt-6">
          <h2 className="text-xs font-medium uppercase tracking-widest">{text.deleteThis}</h2>
          {deleteHint ? <p className="mt-1 text-sm text-muted">{deleteHint}</p> : null}
          <ConfirmDeleteButton
            action={text.listPath}
            id={record.id}
            name={record.name}
            question={screen.messages.confirmDelete}
            className="mt-3"
          />
        </div>
      ) : null}
    </section>
  );
}

/** What CrudForm needs of the form's Conform metadata (useAdminForm's `form`). */
type ConformForm = Pick<FormMetadata, 'id' | 'onSubmit' | 'noValidate' | 'errors' | 'errorId'>;

export function CrudForm({
  form,
  label,
  formRef,
  notice,
  submitLabel,
  busy = false,
  busyLabel = '',
  children,
}: {
  form: ConformForm;
  /** The form's accessible name, e.g. "Product". */
  label: string;
  formRef?: Ref<HTMLFormElement>;
  notice?: string;
  submitLabel: string;
  /** True while the form cannot be sent yet (an upload under way): the button then says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <Form
      ref={formRef}
      id={form.id}
      method="post"
      encType="multipart/form-data"
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="max-w-3xl space-y-8"
      aria-label={label}
      aria-describedby={form.errors?.length ? form.errorId : undefined}
    >
      {/* The first submit button is what Enter in a text box presses: Save, not another of the form's buttons. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <div id={form.errorId}>
        <FormMessage error={form.errors?.[0]} success={notice} />
      </div>
      {children}
      <div className="flex flex-wrap items-center gap-4 border-t border-line pt-6">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={saving || busy}
          className="h-12 bg-ink px-8 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
        >
          {saving ? 'Saving…' : busy ? busyLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
