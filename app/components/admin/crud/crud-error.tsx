/**
 * What an admin CRUD page shows when its loader or action throws: not found, a bad request, or a failure,
 * with a way back to the list. A new admin screen's new and edit routes export
 * `function ErrorBoundary({ error }) { return <CrudError error={error} screen={PROMO_SCREEN} />; }`.
 */
import { isRouteErrorResponse, Link } from 'react-router';
import { crudText, type CrudScreen } from '~/lib/admin/admin-crud';

export function CrudError({ error, screen }: { error: unknown; screen: CrudScreen }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Not found' : status === 400 ? 'That did not work' : 'Something went wrong';
  const detail =
    status === 404
      ? 'It may have been deleted. Please go back to the list.'
      : status === 400
        ? 'The request was not one this page understands. Please go back and try again.'
        : 'Please go back and try again.';
  const text = crudText(screen);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">{title}</h1>
      <p className="text-sm text-muted">{detail}</p>
      <Link to={text.listPath} className="inline-block border border-ink px-5 py-3 text-xs uppercase tracking-widest">
        {text.back}
      </Link>
    </section>
  );
}
