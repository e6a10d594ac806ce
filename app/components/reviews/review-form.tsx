import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { ResponsiveImage } from '~/components/responsive-image';
import {
  REVIEW_BODY_MAX,
  REVIEW_MESSAGES,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX,
  reviewSchema,
} from '~/lib/reviews/review-form';
import { starsLabel } from '~/lib/reviews/reviews';
import type { StoredImage } from '~/lib/images';

const LABEL = 'text-[11px] font-semibold uppercase tracking-[0.2em]';
const SUBMIT =
  'inline-flex h-12 items-center bg-ink px-10 text-xs font-semibold uppercase tracking-[0.2em] text-paper ' +
  'hover:bg-neutral-800 disabled:opacity-60';
const INPUT = 'mt-2 w-full border border-neutral-300 bg-paper px-3 text-base outline-none focus:border-ink';

export type ReviewFormLine = { name: string; size: string; color: string; image: StoredImage | null; author: string };

/**
 * The review form (decision 0040): a plain multipart POST to its own page, so it works without JavaScript. Each star
 * is a labelled radio ("4 stars") in a fieldset, so a screen reader reads the choice; the limits are stated above.
 */
export function ReviewForm({ line, result }: { line: ReviewFormLine; result?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useSchemaForm(reviewSchema, { id: 'review', lastResult: result });
  const options = [line.size && `Size ${line.size}`, line.color].filter(Boolean).join(' · ');
  return (
    <Form {...getFormProps(form)} method="post" encType="multipart/form-data" className="grid max-w-2xl gap-6">
      <div className="flex gap-4">
        <div className="w-20 shrink-0">
          <ResponsiveImage image={line.image} alt={line.name} sizes="80px" />
        </div>
        <div className="text-sm">
          <p className="font-medium">{line.name}</p>
          {options ? <p className="text-muted">{options}</p> : null}
          <p className="mt-2 text-muted">Shown as “{line.author}”, verified buyer.</p>
        </div>
      </div>
      <p className="text-sm text-muted">{REVIEW_MESSAGES.limits}</p>
      <FormMessage
        id={form.errorId}
        error={form.status === 'error' ? (form.errors?.[0] ?? 'Please check the highlighted fields.') : undefined}
      />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className={LABEL}>Your rating</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.rating.name}
                value={stars}
                defaultChecked={fields.rating.initialValue === String(stars)}
                required
              />
              {starsLabel(stars)}
            </label>
          ))}
        </div>
        <FieldError id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.title.id} className={LABEL}>
          Title (up to {REVIEW_TITLE_MAX} characters)
        </label>
        <input {...getInputProps(fields.title, { type: 'text' })} className={`${INPUT} h-12`} />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </div>
      <div>
        <label htmlFor={fields.body.id} className={LABEL}>
          Your review (up to {REVIEW_BODY_MAX} characters)
        </label>
        <textarea {...getTextareaProps(fields.body)} rows={6} className={`${INPUT} py-3`} />
        <FieldError id={fields.body.errorId} errors={fields.body.errors} />
      </div>
      <div>
        <label htmlFor={fields.photos.id} className={LABEL}>
          Photos (optional, up to {REVIEW_PHOTOS_MAX})
        </label>
        <input
          {...getInputProps(fields.photos, { type: 'file' })}
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif"
          className="mt-2 block text-sm"
        />
        <FieldError id={fields.photos.errorId} errors={fields.photos.errors} />
      </div>
      <div>
        <button type="submit" disabled={busy} className={SUBMIT}>
          {busy ? 'Sending…' : 'Send review'}
        </button>
      </div>
    </Form>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.[0]) return null;
  return (
    <p id={id} className="mt-2 text-sm text-sale">
      {errors[0]}
    </p>
  );
}
