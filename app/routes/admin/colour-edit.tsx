/** /admin/colours/edit/:id: the colour form filled with the saved colour, and its delete button. */
import { data } from 'react-router';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { CatalogColourForm } from '~/components/catalog/admin/catalog-colour-form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { COLOUR_SCREEN } from '~/lib/catalog/admin-colours';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse, foundOr404 } from '~/server/admin/crud.server';
import { submitColourForm } from '~/server/catalog/admin-colour-form.server';
import { getColour } from '~/server/catalog/admin-colours.server';
import type { Route } from './+types/colour-edit';

export const meta = ({ data: loaderData }: Route.MetaArgs) => adminMeta(loaderData?.name ?? 'Edit colour');

const colourOr404 = async (id: string) => foundOr404(await getColour(id), COLOUR_SCREEN);

export async function loader({ request, params }: Route.LoaderArgs) {
  const colour = await colourOr404(params.id);
  const saved = new URL(request.url).searchParams.get('saved') === '1';
  const { id, name, swatch, productCount } = colour;
  return data({ id, name, values: { name, swatch }, productCount, saved });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return formResponse(await submitColourForm(request, adminOf(context), await colourOr404(params.id)), COLOUR_SCREEN);
}

export default function EditColour({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudFormPage
      screen={COLOUR_SCREEN}
      record={loaderData}
      deleteHint="Only a colour no product uses can be deleted; orders keep the colours they were placed with."
    >
      <CatalogColourForm
        key={formKey(loaderData)}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel="Save changes"
        inUse={loaderData.productCount}
        notice={!actionData && loaderData.saved ? COLOUR_SCREEN.messages.saved : undefined}
      />
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={COLOUR_SCREEN} />;
}
