import { PageHeader } from '@paycadence/web-kit';
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
  numbered = false,
}: {
  title: string;
  eyebrow: string;
  intro: ReactNode;
  effective?: string;
  sections: LegalSection[];
  /**
   * Headings carry their section's number ('1. Use of the Service'). The number is added here, once: the index is
   * an ordered list that numbers itself, so a title holding its own number read '1. 1. Use of the Service' there.
   */
  numbered?: boolean;
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
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>{numbered ? `${index + 1}. ${section.title}` : section.title}</h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
