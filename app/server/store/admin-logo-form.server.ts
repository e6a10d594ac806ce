/**
 * One post of the logo form on /admin/settings (docs/decisions/0042-launch-checklist.md): a picture uploaded through
 * the image pipeline, or the logo removed. Answers a redirect back to the page (post/redirect/get) or the refusal the
 * form shows under its field.
 */
import { data, redirect } from 'react-router';
import { UPLOAD_MESSAGES } from '~/lib/catalog/admin-catalog';
import { LOGO_FIELD, LOGO_MESSAGES, logoFormSchema } from '~/lib/store/store-identity';
import type { AuditActor } from '../admin/audit.server';
import {
  BodyTooLargeError,
  filesOf,
  readFormDataWithin,
  UPLOAD_POST_LIMIT,
} from '../catalog/admin-upload-files.server';
import { parseSubmission } from '../http/form-submission.server';
import { logger } from '../logger.server';
import { setLogo, uploadLogo } from './store-identity.server';

/** The logo form's answer when it is refused: its message, beside the settings form's own answer. */
export type LogoRefusal = { logoError: string };

const refuse = (logoError: string, status: number) => data<LogoRefusal>({ logoError }, { status });

export async function submitLogoForm(request: Request, actor: AuditActor) {
  let form: FormData;
  try {
    form = await readFormDataWithin(request, UPLOAD_POST_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(UPLOAD_MESSAGES.fileTooLarge, 413);
    throw error;
  }
  const submission = parseSubmission(form, logoFormSchema);
  if (submission.status !== 'success') return refuse('Please choose Upload or Remove.', 400);
  try {
    if (submission.value.intent === 'remove') {
      await setLogo(actor, null);
      return redirect('/admin/settings?logo=removed');
    }
    const [file, ...others] = filesOf(form, LOGO_FIELD);
    if (!file || others.length) return refuse(LOGO_MESSAGES.noFile, 400);
    const outcome = await uploadLogo(actor, file);
    if (!outcome.ok) return refuse(outcome.message, outcome.status);
  } catch (error) {
    logger.error({ err: error }, 'saving the logo failed');
    return refuse(LOGO_MESSAGES.failed, 500);
  }
  return redirect('/admin/settings?logo=saved');
}
