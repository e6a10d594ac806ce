/** Layout of the terms and privacy pages: a title, a table of contents and numbered sections. */
export type LegalSection = { id: string; title: string; body: React.ReactNode };

type Props = { title: string; intro: React.ReactNode; updated: string; sections: LegalSection[] };

export function LegalPage({ title, intro, updated, sections }: Props) {
  return (
    <article className="container-page py-14 md:py-20">
      <header className="max-w-3xl">
        <p className="text-[11px] font-medium uppercase tracking-[0.3em] text-muted">Legal</p>
        <h1 className="mt-3 text-4xl font-semibold uppercase tracking-tight md:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-muted">Last updated {updated}</p>
        <div className="mt-6 text-base leading-relaxed text-neutral-700">{intro}</div>
      </header>
      <div className="mt-12 grid gap-12 md:grid-cols-12">
        <nav aria-label="On this page" className="md:col-span-4 lg:col-span-3">
          <div className="md:sticky md:top-24">
            <h2 className="text-[11px] font-semibold uppercase tracking-[0.3em] text-muted">On this page</h2>
            <ol className="mt-4 space-y-2 text-sm">
              {sections.map((section, i) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-neutral-700 hover:text-ink hover:underline">
                    {i + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="max-w-2xl space-y-12 md:col-span-8 lg:col-span-9">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-6">
              <h2 id={`${section.id}-title`} className="text-lg font-semibold uppercase tracking-tight">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-relaxed text-neutral-700 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
