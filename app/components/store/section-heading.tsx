import { Link } from 'react-router';

type Props = {
  id: string;
  eyebrow: string;
  title: string;
  /** A "view all" style link on the right. */
  link?: { to: string; label: string };
  /** Anything else for the right-hand side (carousel arrows). */
  children?: React.ReactNode;
};

/** The heading row every home section uses: small label, large title, an optional link. */
export function SectionHeading({ id, eyebrow, title, link, children }: Props) {
  return (
    <div className="mb-8 flex items-end justify-between gap-4 md:mb-10">
      <div>
        <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">{eyebrow}</p>
        <h2 id={id} className="mt-2 text-2xl font-semibold uppercase tracking-tight md:text-3xl">
          {title}
        </h2>
      </div>
      {link ? (
        <Link
          to={link.to}
          prefetch="intent"
          className="shrink-0 border-b border-ink pb-0.5 text-[11px] font-semibold uppercase tracking-[0.2em] hover:text-muted"
        >
          {link.label}
        </Link>
      ) : null}
      {children}
    </div>
  );
}
