/**
 * What the admin forms share beyond Conform itself (decision 0019: one Zod schema per form, parsed by Conform on the
 * server and in the browser): the words for a post no form of the page sends, the form-level message of an answer,
 * an answer for when there is no submission to reply to, and the checkbox as Conform posts and shows it.
 */
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';

/** A post whose `intent` names no button of the page: hand-made, or from a page of another version. */
export const UNKNOWN_ACTION = 'Unknown action.';

/**
 * The form-level message of an answer (Conform keeps it under the '' key), for the pages that show it without a
 * useForm: lists of one-button forms whose fields are all hidden (mark handled, retry, delete, the status dropdown).
 */
export const formMessage = (result: SubmissionResult<string[]> | null | undefined): string | undefined =>
  result?.error?.['']?.[0] ?? undefined;

/**
 * An answer carrying only a form-level message, for when there is no submission to reply to: the body was refused
 * unread (too large), or the request never reached the server. With no values in it, the form keeps what it shows.
 */
export const formErrorResult = (message: string): SubmissionResult<string[]> => ({
  status: 'error',
  error: { '': [message] },
});

/**
 * A checkbox: Conform posts and shows a ticked box as 'on' (the browser's own value when the input names none), and
 * an unticked one sends nothing, which is false.
 */
export const checkbox = () => z.boolean().default(false);
