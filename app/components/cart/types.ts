/** A message from POST /cart, shown inline (after a redirect it arrives through the loader). */
export type CartFlash = { ok: boolean; message: string } | null;

/** What POST /cart answers a fetcher. */
export type CartActionResult = { ok: boolean; message: string; lineId?: string; quantity?: number };
