/** /admin/promo-codes/edit/:id: the promo code form filled with the saved code, and its delete button. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PromoCodeForm } from '~/components/promo/admin/promo-code-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { PROMO_SCREEN, promoToForm } from '~/lib/promo/admin-promo';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitPromoForm } from '~/server/promo/admin-promo-code-form.server';
import { getPromoCode, promoCollectionOptions } from '~/server/promo/admin-promo-codes.server';
import type { Route } from './+types/promo-code-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit promo code');

const promoOr404 = async (id: string) => foundOr404(await getPromoCode(id), PROMO_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const promo = await promoOr404(params.id);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  const collections = await promoCollectionOptions(promo.collectionIds);
  return data({ id: promo.id, name: promo.code, values: promoToForm(promo), collections, saved });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitPromoForm(request, admin, await promoOr404(params.id)), PROMO_SCREEN);
}

export default function EditPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={PROMO_SCREEN}
      record={loaderData}
      deleteHint={
        'A code used on orders cannot be deleted: switch it off instead. ' +
        'Orders keep the discount they got; carts holding a deleted code are told it is unknown.'
      }
    >
      <PromoCodeForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        collections={loaderData.collections}
        lastResult={actionData?.result}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? PROMO_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PROMO_SCREEN} />;
}
