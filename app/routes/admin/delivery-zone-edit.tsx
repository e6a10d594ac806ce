/** /admin/delivery/edit/:id: the delivery zone form filled with the saved zone, and its delete button. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { DeliveryZoneForm } from '~/components/delivery/admin/delivery-zone-form';
import { ZONE_SCREEN, zoneToForm } from '~/lib/delivery/admin-delivery';
import { adminMeta } from '~/lib/admin/admin-crud';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitZoneForm } from '~/server/delivery/admin-delivery-zone-form.server';
import { getZone } from '~/server/delivery/admin-delivery-zones.server';
import type { Route } from './+types/delivery-zone-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit delivery zone');

const zoneOr404 = async (id: string) => foundOr404(await getZone(id), ZONE_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const zone = await zoneOr404(params.id);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ id: zone.id, name: zone.name, values: zoneToForm(zone), saved });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitZoneForm(request, admin, await zoneOr404(params.id)), ZONE_SCREEN);
}

export default function EditDeliveryZone({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={ZONE_SCREEN}
      record={loaderData}
      deleteHint={
        "Its addresses pay the fee of another zone, or the rest of Nigeria's. " +
        'Orders keep the zone they were placed with.'
      }
    >
      <DeliveryZoneForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? ZONE_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={ZONE_SCREEN} />;
}
