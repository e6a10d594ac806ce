/**
 * POST /admin/uploads: one image file (field `file`) for the product or collection form (field `folder`),
 * sent by the form's script so it can show upload progress. Answers the stored image as JSON (201), or
 * `{ error }` naming the file (400), or 413 when the body is refused unread. The form then carries the
 * stored image in a hidden input; the product or collection is only changed when the form is saved.
 */
import { UPLOAD_MESSAGES } from '~/lib/catalog/admin-catalog';
import {
  BodyTooLargeError,
  filesOf,
  readFormDataWithin,
  storeUpload,
  UPLOAD_POST_LIMIT,
} from '~/server/catalog/admin-upload-files.server';
import type { Route } from './+types/uploads';

export async function loader() {
  return new Response('Send the image with POST.', { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST')
    return Response.json({ error: 'Send the image with POST.' }, { status: 405, headers: { Allow: 'POST' } });
  let form: FormData;
  try {
    form = await readFormDataWithin(request, UPLOAD_POST_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return Response.json({ error: UPLOAD_MESSAGES.fileTooLarge }, { status: 413 });
    throw error;
  }
  const folder = form.get('folder');
  if (folder !== 'products' && folder !== 'collections')
    return Response.json({ error: 'Unknown upload folder.' }, { status: 400 });
  const [file, ...others] = filesOf(form, 'file');
  if (!file || others.length) return Response.json({ error: UPLOAD_MESSAGES.noFile }, { status: 400 });
  const outcome = await storeUpload(file, folder);
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: outcome.status });
  return Response.json(outcome.image, { status: 201 });
}
