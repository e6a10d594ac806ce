/**
 * Reviews from buyers (decision 0040): shared by the server and the pages. A review waits for the admin's approval
 * ('pending'), then shows ('approved'), or is kept out of sight ('hidden').
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
