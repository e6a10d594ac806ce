/** What an admin catalog page shows when its loader or action throws: not found, a bad request, or a failure. */
import { isRouteErrorResponse, Link } from 'react-router';

export function CatalogAdminError({
  error,
  backHref,
  backLabel,
}: {
  error: unknown;
  backHref: string;
  backLabel: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Not found' : status === 400 ? 'That did not work' : 'Something went wrong';
  const detail =
    status === 404
      ? 'It may have been deleted. Please go back to the list.'
      : status === 400
        ? 'The request was not one this page understands. Please go back and try again.'
        : 'Please go back and try again.';
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">{title}</h1>
      <p className="text-sm text-muted">{detail}</p>
      <Link to={backHref} className="inline-block border border-ink px-5 py-3 text-xs uppercase tracking-widest">
        {backLabel}
      </Link>
    </section>
  );
}
