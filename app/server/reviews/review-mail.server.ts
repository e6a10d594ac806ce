/** The "delivered" mail's invitation to review (decision 0040), in its plain-text and HTML parts. */
import { escapeHtml } from '../mail-frame.server';

export const REVIEW_INVITATION = 'How does it fit and feel? Review your pieces for other buyers:';

export function reviewInvitation(orderUrl: string): { text: string; html: string } {
  return {
    text: `${REVIEW_INVITATION} ${orderUrl}`,
    html: `<p>${escapeHtml(REVIEW_INVITATION)} <a href="${escapeHtml(orderUrl)}">Write a review</a></p>`,
  };
}
