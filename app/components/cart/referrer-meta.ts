/**
 * The server sends `Referrer-Policy: no-referrer`, which makes browsers send `Origin: null` with a
 * form post; React Router's action CSRF check refuses that (400), so forms posted without
 * JavaScript would fail. Pages with such forms set `same-origin`: the Origin is sent to this site
 * only, and still nothing at all goes to other sites. Redundant once the server header changes.
 */
export const SAME_ORIGIN_REFERRER = { name: 'referrer', content: 'same-origin' } as const;
