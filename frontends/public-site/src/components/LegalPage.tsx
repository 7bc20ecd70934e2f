import { PageHeader } from '@payday/web-kit';
import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form page with an "On this page" index: privacy, terms, security. */
export function LegalPage({
  title,
  eyebrow,
  intro,
  effective,
  sections,
}: {
  title: string;
  eyebrow: string;
  intro: ReactNode;
  effective?: string;
  sections: LegalSection[];
}) {
  return (
    <div className="pc-container">
      <PageHeader eyebrow={eyebrow} title={title} description={intro} />
      {effective && <p className="pc-meta">Effective date: {effective}</p>}
      <div className="pc-legal">
        <nav className="pc-legal__toc" aria-label="On this page">
          <p className="pc-field__label">On this page</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="pc-prose">
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>{section.title}</h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
