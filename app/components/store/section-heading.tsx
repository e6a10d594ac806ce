import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A section's heading: the id its section is labelled by, the small label, the title, and a link to see more. */
export type Heading = {
  id: string;
  eyebrow: string;
  title: string;
  /** A "view all" style link on the right. */
  link?: { to: string; label: string };
};

type Props = Heading & {
  /** Anything else for the right-hand side (carousel arrows). */
  children?: ReactNode;
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

/**
 * A section of the home and about pages: the heading row over what the section shows, labelled by its title.
 * `spacing` is the padding of its place on the page.
 */
export function HeadedSection({
  heading,
  spacing,
  children,
}: {
  heading: Heading;
  spacing: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={heading.id} className={`container-page ${spacing}`}>
      <SectionHeading {...heading} />
      {children}
    </section>
  );
}
