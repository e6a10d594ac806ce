/**
 * /admin/size-guides/new: first what the guide is for (a GET choice, `?for=set:{id}` or `?for=category:{name}`), then
 * the guide's table for it; a save goes on to the guide's edit page.
 */
import { data } from 'react-router';
import { CatalogSizeGuideForm } from '~/components/catalog/admin/catalog-size-guide-form';
import { CatalogSizeGuideSubject } from '~/components/catalog/admin/catalog-size-guide-subject';
import { CrudError } from '~/components/admin/crud/crud-error';
import { CrudFormPage, formKey } from '~/components/admin/crud/form';
import { adminMeta } from '~/lib/admin/admin-crud';
import { parseSubject, SIZE_GUIDE_MESSAGES, SIZE_GUIDE_SCREEN } from '~/lib/catalog/admin-size-guides';
import { adminOf } from '~/server/accounts/guards.server';
import { formResponse } from '~/server/admin/crud.server';
import { submitSizeGuideForm } from '~/server/catalog/admin-size-guide-form.server';
import { guideSubjects, newSizeGuideForm } from '~/server/catalog/admin-size-guides.server';
import type { Route } from './+types/size-guide-new';

export const meta = () => adminMeta('Add size guide');

export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('for');
  const subject = asked === null ? null : parseSubject(asked);
  const start = subject && (await newSizeGuideForm(subject));
  if (start) return data({ start, subjects: null, error: undefined });
  const error = asked === null ? undefined : SIZE_GUIDE_MESSAGES.subject;
  return data({ start: null, subjects: await guideSubjects(), error });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return formResponse(await submitSizeGuideForm(request, admin, null), SIZE_GUIDE_SCREEN);
}

export default function NewSizeGuide({ loaderData, actionData }: Route.ComponentProps) {
  const { start, subjects, error } = loaderData;
  return (
    <CrudFormPage screen={SIZE_GUIDE_SCREEN}>
      {start ? (
        <CatalogSizeGuideForm
          key={formKey(loaderData)}
          title={start.title}
          fixedSizes={start.fixedSizes}
          defaultValue={start.values}
          lastResult={actionData?.result}
          submitLabel="Create size guide"
          changeHref={`${SIZE_GUIDE_SCREEN.path}/new`}
        />
      ) : subjects ? (
        <CatalogSizeGuideSubject subjects={subjects} error={error} />
      ) : null}
    </CrudFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrudError error={error} screen={SIZE_GUIDE_SCREEN} />;
}
