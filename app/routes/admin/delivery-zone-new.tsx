/** /admin/delivery/new: the delivery zone form; a save goes on to the zone's edit page. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { DeliveryZoneForm } from '~/components/delivery/admin/delivery-zone-form';
import { blankZoneValues, ZONE_SCREEN } from '~/lib/delivery/admin-delivery';
import { adminMeta } from '~/lib/admin/admin-crud';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitZoneForm } from '~/server/delivery/admin-delivery-zone-form.server';
import type { Route } from './+types/delivery-zone-new';

export const meta = () => adminMeta('Add delivery zone');

export async function loader() {
  return data({ values: blankZoneValues() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitZoneForm(request, admin, null), ZONE_SCREEN);
}

export default function NewDeliveryZone({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={ZONE_SCREEN}>
      <DeliveryZoneForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel="Create delivery zone"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={ZONE_SCREEN} />;
}
