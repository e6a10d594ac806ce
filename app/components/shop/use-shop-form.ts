import type { ChangeEvent, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { parseShopQuery, shopHref, type ShopContext } from '~/lib/shop-query';

/** The id that ties the search box and sort select (outside the sidebar) to the filter form. */
export const SHOP_FORM_ID = 'shop-filters';

/**
 * Without JavaScript the filter form is a plain GET form (the loader then redirects to the
 * canonical URL). With it, submitting goes straight to the canonical URL, filters apply as soon
 * as they change, and the page keeps its scroll position.
 */
export function useShopForm(pathname: string, context: ShopContext) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') fields.append(key, value);
    navigate(shopHref(pathname, parseShopQuery(fields, context), {}, context), {
      preventScrollReset: true,
    });
  };
  const submitOnChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return { onSubmit, submitOnChange };
}
