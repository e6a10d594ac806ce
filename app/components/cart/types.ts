import type { useFetcher } from 'react-router';
import type { clientAction } from '~/routes/cart';

/** A message from POST /cart, shown inline (after a redirect it arrives through the loader). */
export type CartFlash = { ok: boolean; message: string } | null;

/** A fetcher posting to /cart: its answer's type is read from the route's clientAction, never restated here. */
export type CartFetcher = ReturnType<typeof useFetcher<typeof clientAction>>;
