/** What the promo-code tests share (promo and promo-properties .test.ts). */
import type { PromoOutcome } from './promo';

/** What the server charges with a code: its discount when it applies, nothing when it is refused. */
export const discountOf = (outcome: PromoOutcome) => (outcome.kind === 'applied' ? outcome.discount : {});
