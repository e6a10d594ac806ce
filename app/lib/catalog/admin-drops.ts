/**
 * The admin's drop fields (decision 0036), part of the product form's and the collection form's one schema each: an
 * opening time typed in Lagos time in a `datetime-local` box (blank: open now), and for a product a cap on the units
 * one customer may buy (blank: no cap).
 */
import { z } from 'zod';
import { fromLagosInput } from './drops';

/** A cap above this is no cap worth stating; the per-order limit is lower anyway. */
export const DROP_CAP_MAX = 1000;

export const DROP_MESSAGES = {
  time: 'Please enter a date and time (Lagos time), or leave it blank to open now.',
  cap: `Please enter a whole number of units from 1 to ${DROP_CAP_MAX}, or leave it blank for no cap.`,
} as const;

/** Lagos time as typed ('2026-12-12T18:00'), read as the moment it names; blank is null (open). */
export const dropsAtField = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const at = fromLagosInput(text);
    if (!at) ctx.addIssue({ code: 'custom', message: DROP_MESSAGES.time });
    return at;
  });

/** Units per customer; blank is null (no cap). */
export const dropCapField = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const cap = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(cap >= 1 && cap <= DROP_CAP_MAX)) ctx.addIssue({ code: 'custom', message: DROP_MESSAGES.cap });
    return Number.isFinite(cap) ? cap : null;
  });
