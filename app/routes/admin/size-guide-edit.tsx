/** /admin/size-guides/edit/:id: the size guide's table as saved, and its delete button. */
import { data } from 'react-router';
import { CatalogSizeGuideForm } from '~/components/catalog/admin/catalog-size-guide-form';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { SIZE_GUIDE_SCREEN, sizeGuideFormStart } from '~/lib/catalog/admin-size-guides';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitSizeGuideForm } from '~/server/catalog/admin-size-guide-form.server';
import { getSizeGuide } from '~/server/catalog/admin-size-guides.server';
import type { Route } from './+types/size-guide-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit size guide');

const guideOr404 = async (id: string) => foundOr404(await getSizeGuide(id), SIZE_GUIDE_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const guide = await guideOr404(params.id);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  const start = sizeGuideFormStart(guide, guide);
  return data({ id: guide.id, name: start.title, start, saved });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitSizeGuideForm(request, admin, await guideOr404(params.id)), SIZE_GUIDE_SCREEN);
}

export default function EditSizeGuide({ loaderData, actionData }: Route.ComponentProps) {
  const { start } = loaderData;
  return (
    <CrudFormPage
      screen={SIZE_GUIDE_SCREEN}
      record={loaderData}
      deleteHint="Its product pages no longer link to a size guide, unless their category has one. Fit notes stay."
    >
      <CatalogSizeGuideForm
        key={formKey(loaderData)}
        title={start.title}
        fixedSizes={start.fixedSizes}
        defaultValue={start.values}
        lastResult={actionData?.result}
        submitLabel="Save changes"
        notice={!actionData && loaderData.saved ? SIZE_GUIDE_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={SIZE_GUIDE_SCREEN} />;
}
