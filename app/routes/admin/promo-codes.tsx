/**
 * /admin/promo-codes (decision 0023): every promo code, newest first, searchable by code through a GET form
 * (works without JavaScript), 20 a page, with what each gives, when it is valid, its paid uses and the revenue of those
 * orders, and whether shoppers can use it now. Its action deletes a code, after the confirmation of
 * docs/requirements.md#13-forms-and-validation; a code used on orders is refused, to be switched off instead.
 */
import { data } from 'react-router';
import { CrudListPage } from '~/components/admin/crud/list';
import { PromoCodeFilters } from '~/components/promo/admin/promo-code-filters';
import { PromoCodeTable } from '~/components/promo/admin/promo-code-table';
import { adminMeta } from '~/lib/admin/admin-crud';
import { PROMO_SCREEN, promoQuery } from '~/lib/promo/admin-promo';
import { adminOf } from '~/server/accounts/guards.server';
import { deleteFromList, deleteState } from '~/server/admin/crud.server';
import { deletePromoCode, getPromoCodeName, listAdminPromoCodes } from '~/server/promo/admin-promo-codes.server';
import type { Route } from './+types/promo-codes';

export const meta = () => adminMeta('Promo codes');

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = promoQuery.parse(params);
  const [list, deletion] = await Promise.all([listAdminPromoCodes(query), deleteState(params, getPromoCodeName)]);
  return data({ query, list, ...deletion });
}

/** The list the admin was looking at, rebuilt from known keys only. */
const backSearch = (back: string) => promoQuery.search(promoQuery.parse(new URLSearchParams(back)));

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  return deleteFromList(request, admin, PROMO_SCREEN, deletePromoCode, backSearch);
}

export default function AdminPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const back = promoQuery.search(query).slice(1);
  const filtered = promoQuery.hasFilters(query);
  return (
    <CrudListPage
      screen={PROMO_SCREEN}
      deletion={loaderData}
      deleteResult={actionData?.result}
      back={back}
      filters={<PromoCodeFilters query={query} />}
      count={list.rows.length}
      paging={{ ...list, hrefFor: (page) => `${PROMO_SCREEN.path}${promoQuery.search(query, { page })}` }}
      empty={
        filtered
          ? { title: 'No promo codes match', text: 'Try another search, or clear it to see every code.', filtered }
          : {
              title: 'No promo codes yet',
              text: 'Add a code to give shoppers a percentage or an amount off, or free delivery, at checkout.',
            }
      }
    >
      <PromoCodeTable rows={list.rows} back={back} />
    </CrudListPage>
  );
}
