/**
 * /admin/delivery (decision 0022): the delivery zones (add, edit, delete: the admin CRUD pattern) and the delivery
 * options (the fee and days where no zone matches, free delivery over an amount, pickup). The action deletes a zone,
 * after the confirmation of docs/requirements.md#13-forms-and-validation, or saves the options; both audit-logged, and
 * checkout and the stored pages use the change at once.
 */
import { data, redirect } from 'react-router';
import { CrudListPage } from '~/components/admin/crud/list';
import { DeliveryOptionsForm } from '~/components/delivery/admin/delivery-options-form';
import { DeliveryZoneTable } from '~/components/delivery/admin/delivery-zone-table';
import { ZonesReviewedForm } from '~/components/delivery/admin/zones-reviewed-form';
import {
  DELIVERY_OPTIONS_MESSAGES,
  deliveryOptionsSchema,
  optionsToForm,
  ZONE_SCREEN,
} from '~/lib/delivery/admin-delivery';
import { adminMeta } from '~/lib/admin/admin-crud';
import { formErrorResult, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { adminOf } from '~/server/accounts/guards.server';
import { deleteFromList, deleteState, readPostedForm, readPostedSubmission } from '~/server/admin/crud.server';
import { saveDeliveryOptions } from '~/server/delivery/admin-delivery-options.server';
import { deleteZone, listAdminZones } from '~/server/delivery/admin-delivery-zones.server';
import { zonesReviewedAt } from '~/server/delivery/admin-delivery-review.server';
import { SMALL_POST_LIMIT } from '~/server/catalog/admin-upload-files.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/delivery';

export const meta = () => adminMeta('Delivery');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const [rows, config, reviewedAt] = await Promise.all([listAdminZones(), readDeliveryConfig(), zonesReviewedAt()]);
  const deletion = await deleteState(params, (id) => rows.find((row) => row.id === id)?.name ?? null);
  const review = { reviewedAt: reviewedAt?.toISOString() ?? null, reviewed: params.get('reviewed') === '1' };
  return data({
    rows,
    options: optionsToForm(config.options),
    saved: params.get('saved') === '1',
    ...deletion,
    review,
  });
}

/** The options form's answer, under its own key: the zone list shows a failed delete's `result`. */
const optionsAnswer = (optionsResult: ReturnType<typeof formErrorResult>, status: number) =>
  data({ optionsResult }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  // Two forms post here: a zone's Delete (the list's) and the options' Save.
  const peek = await readPostedForm(request.clone(), SMALL_POST_LIMIT);
  if (peek?.get('intent') === 'delete') return deleteFromList(request, admin, ZONE_SCREEN, deleteZone);
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, deliveryOptionsSchema);
  if (!posted) return optionsAnswer(formErrorResult(DELIVERY_OPTIONS_MESSAGES.failed), 413);
  const { form, submission } = posted;
  if (form.get('intent') !== 'save-options')
    return optionsAnswer(submission.reply({ formErrors: [UNKNOWN_ACTION] }), 400);
  if (submission.status !== 'success')
    return optionsAnswer(submission.reply({ formErrors: [DELIVERY_OPTIONS_MESSAGES.invalid] }), 400);
  try {
    await saveDeliveryOptions(admin, submission.value);
  } catch (error) {
    logger.error({ err: error }, 'saving the delivery options failed');
    return optionsAnswer(submission.reply({ formErrors: [DELIVERY_OPTIONS_MESSAGES.failed] }), 500);
  }
  return redirect('/admin/delivery?saved=1');
}

export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const deleteResult = actionData && 'result' in actionData ? actionData.result : undefined;
  const optionsResult = actionData && 'optionsResult' in actionData ? actionData.optionsResult : undefined;
  return (
    <div className="space-y-12">
      <CrudListPage
        screen={ZONE_SCREEN}
        deletion={loaderData}
        deleteResult={deleteResult}
        count={loaderData.rows.length}
        empty={{
          title: 'No delivery zones yet',
          text:
            'Every address pays the fee of the delivery options below. Add a zone to charge Lagos, Abuja or any ' +
            'other states (or towns within them) their own fee and time.',
        }}
      >
        <DeliveryZoneTable rows={loaderData.rows} />
        <p className="mt-3 text-sm text-muted">
          An address pays the fee of the zone naming its town, else of the zone covering its state, else the fee for the
          rest of Nigeria below.
        </p>
      </CrudListPage>
      <DeliveryOptionsForm
        defaultValue={loaderData.options}
        lastResult={optionsResult}
        success={!actionData && loaderData.saved ? DELIVERY_OPTIONS_MESSAGES.saved : undefined}
      />
      <ZonesReviewedForm reviewedAt={loaderData.review.reviewedAt} justMarked={loaderData.review.reviewed} />
    </div>
  );
}
