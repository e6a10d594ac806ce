/** The "delivered" mail's invitation to review (decision 0040): its sentence, over a "Write a review" button. */
export const REVIEW_INVITATION = 'How does it fit and feel? Review your pieces for other buyers.';
