/** /admin/products' way to the catalog CSV (decision 0041): the whole catalog out, and a file in. */
import { Link } from 'react-router';

const linkClass = 'text-xs uppercase tracking-widest underline underline-offset-4';

export function CatalogCsvLinks() {
  return (
    <p className="flex flex-wrap gap-6">
      <a href="/admin/products/export" download className={linkClass}>
        Export CSV
      </a>
      <Link to="/admin/products/import" className={linkClass}>
        Import CSV
      </Link>
    </p>
  );
}
