import type { ChangeEvent, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formQuery } from '~/lib/forms/form-query';
import { parseShopQuery, shopHref, type ShopContext, type ShopState } from '~/lib/catalog/shop-query';
import { useOnHydration } from '~/hooks/use-hydrated';

/** The id that ties the search box and sort select (outside the sidebar) to the filter form. */
export const SHOP_FORM_ID = 'shop-filters';

/**
 * Without JavaScript the filter form is a plain GET form (the loader then redirects to the
 * canonical URL). With it, submitting goes straight to the canonical URL, filters apply as soon
 * as they change, and the page keeps its scroll position.
 */
export function useShopForm(pathname: string, state: ShopState, context: ShopContext) {
  const navigate = useNavigate();

  // A filter or a sort picked before the scripts arrived is applied, not undone. The search box is left
  // out: half a word is not a search.
  useOnHydration(() => {
    const form = document.getElementById(SHOP_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const fields = formQuery(form);
    fields.set('q', state.q);
    const { category, price, sale, sort } = parseShopQuery(fields, context);
    if (category === state.category && price === state.price && sale === state.sale && sort === state.sort) return;
    navigate(shopHref(pathname, state, { category, price, sale, sort }, context), { preventScrollReset: true });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(shopHref(pathname, parseShopQuery(formQuery(event.currentTarget), context), {}, context), {
      preventScrollReset: true,
    });
  };
  const submitOnChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    event.currentTarget.form?.requestSubmit();
  return { onSubmit, submitOnChange };
}
