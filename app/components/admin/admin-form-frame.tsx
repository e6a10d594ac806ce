import type { FormMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';

/**
 * One of the admin's settings forms (the store settings, the delivery options): a plain post that Conform checks
 * first, named by its heading, with the form's error or `success` under the heading (described by the error).
 */
export function AdminFormFrame({
  form,
  headingId,
  heading,
  success,
  className,
  children,
}: {
  form: Pick<FormMetadata, 'id' | 'onSubmit' | 'noValidate' | 'errors' | 'errorId'>;
  headingId: string;
  /** The heading (its id is `headingId`), and whatever stands beside it. */
  heading: ReactNode;
  success?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className={className}
      aria-labelledby={headingId}
      aria-describedby={form.errors?.length ? form.errorId : undefined}
    >
      {heading}
      <div id={form.errorId}>
        <FormMessage error={form.errors?.[0]} success={success} />
      </div>
      {children}
    </Form>
  );
}

/**
 * A titled part of a settings form, named by its heading (`${id}-heading`, an h2 under the page's h1 or an h3 under
 * the form's h2); `intro` says what the part is for.
 */
export function FormSection({
  id,
  title,
  level,
  className,
  intro,
  children,
}: {
  id: string;
  title: string;
  level: 2 | 3;
  className: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="text-sm font-semibold uppercase tracking-widest">
        {title}
      </Heading>
      {intro ? <p className="text-sm text-muted">{intro}</p> : null}
      {children}
    </section>
  );
}
