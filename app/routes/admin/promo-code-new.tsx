/** /admin/promo-codes/new: the promo code form; a save goes on to the code's edit page. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { PromoCodeForm } from '~/components/promo/admin/promo-code-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { blankPromoValues, PROMO_SCREEN } from '~/lib/promo/admin-promo';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitPromoForm } from '~/server/promo/admin-promo-code-form.server';
import { promoCollectionOptions } from '~/server/promo/admin-promo-codes.server';
import type { Route } from './+types/promo-code-new';

export const meta = () => adminMeta('Add promo code');

export async function loader() {
  return data({ values: blankPromoValues(), collections: await promoCollectionOptions() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitPromoForm(request, admin, null), PROMO_SCREEN);
}

export default function NewPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage screen={PROMO_SCREEN}>
      <PromoCodeForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        collections={loaderData.collections}
        lastResult={actionData?.result}
        submitLabel="Create promo code"
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={PROMO_SCREEN} />;
}
