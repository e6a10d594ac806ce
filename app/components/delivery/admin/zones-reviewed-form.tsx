/**
 * "Mark zones as reviewed" (docs/decisions/0042-launch-checklist.md): the launch checklist's delivery item is done once
 * the admin has checked the zones and options above and said so. It can be marked again after a change.
 */
import { Form } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { LAUNCH_MESSAGES } from '~/lib/store/launch-checklist';

const BUTTON =
  'h-11 border border-ink px-5 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper';

export function ZonesReviewedForm({ reviewedAt, justMarked }: { reviewedAt: string | null; justMarked: boolean }) {
  return (
    <Form
      method="post"
      action="/admin/delivery/reviewed"
      id="zones-reviewed"
      aria-labelledby="zones-reviewed-heading"
      className="space-y-3 border-t border-line pt-8"
    >
      <h2 id="zones-reviewed-heading" className="text-xs font-semibold uppercase tracking-widest">
        Review
      </h2>
      <FormMessage success={justMarked ? LAUNCH_MESSAGES.zonesReviewed : undefined} />
      <p className="text-sm text-muted">
        {reviewedAt
          ? `Zones last marked as reviewed on ${new Date(reviewedAt).toLocaleDateString('en-NG', {
              dateStyle: 'medium',
              timeZone: 'Africa/Lagos',
            })}.`
          : 'Check every zone’s fee and time and the options, then mark them as reviewed for the launch checklist.'}
      </p>
      <button type="submit" name="intent" value="zones-reviewed" className={BUTTON}>
        Mark zones as reviewed
      </button>
    </Form>
  );
}
