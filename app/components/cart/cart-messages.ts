/** Fetcher keys shared by the lines (which submit) and the page (which announces the result). */
export const REMOVE_FETCHER_KEY = 'cart-remove';
export const CLEAR_FETCHER_KEY = 'cart-clear';
export const PROMO_APPLY_FETCHER_KEY = 'cart-promo';
export const PROMO_REMOVE_FETCHER_KEY = 'cart-promo-remove';
