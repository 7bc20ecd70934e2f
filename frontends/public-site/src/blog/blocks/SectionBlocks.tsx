import { isHttpUrl, isSafeLink, WAITLIST_ENDPOINT_PATH, type BlogBlockOf, type BlogSource } from '@paycadence/contracts';
import { WaitlistForm } from '@paycadence/web-kit';
import { useId } from 'react';
import { Link } from 'react-router-dom';

// The blocks that are small sections of their own: call to action, sources, questions and answers.

const DEFAULT_SOURCES_TITLE = 'Sources';
const DEFAULT_FAQ_TITLE = 'Frequently Asked Questions';

/**
 * A form posts only to this product's waitlist: the block's own endpoint is used only when it IS
 * that path; anything else falls back to the default, so a post can never make a visitor's browser post elsewhere.
 */
export const ctaEndpoint = (endpoint: string) => (endpoint === WAITLIST_ENDPOINT_PATH ? endpoint : undefined);

function CtaButton({ text, link }: { text: string; link: string }) {
  // docs/product/accounts.md §3 button_link: only http(s) addresses and paths on this site become links (never `javascript:`).
  if (!isSafeLink(link)) return null;
  if (link.startsWith('/')) {
    return (
      <Link to={link} className="pc-btn pc-btn--primary pc-btn--lg">
        {text}
      </Link>
    );
  }
  return (
    <a href={link} className="pc-btn pc-btn--primary pc-btn--lg" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/**
 * docs/product/accounts.md §3, §4: a waitlist form behaving like every other one (same success message even when the call
 * fails, the field cleared) that sends the block's own source; or a button.
 */
export function CtaSectionBlock({ block }: { block: BlogBlockOf<'cta_section'> }) {
  const titleId = useId();
  return (
    <section className="blog-block blog-cta" aria-labelledby={titleId}>
      <h2 id={titleId} className="blog-cta__title">{block.title}</h2>
      {block.content && <p className="blog-text">{block.content}</p>}
      {block.form ? (
        <WaitlistForm
          source={block.form.source}
          endpoint={ctaEndpoint(block.form.api_endpoint)}
          placeholder={block.form.placeholder}
          buttonText={block.form.button_text}
          successMessage={block.form.success_message}
        />
      ) : (
        block.button_text && block.button_link && <CtaButton text={block.button_text} link={block.button_link} />
      )}
    </section>
  );
}

function SourceEntry({ source }: { source: BlogSource }) {
  const details = [source.author, source.publication, source.year].filter(Boolean).join(' · ');
  return (
    <li className="blog-sources__item">
      {isHttpUrl(source.url) ? (
        <a href={source.url} target="_blank" rel="noopener noreferrer" className="blog-sources__link">
          {source.title}
          <span className="pc-visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="blog-sources__link">{source.title}</span>
      )}
      {details && <span className="blog-sources__details">{details}</span>}
      {source.description && <span className="blog-sources__description">{source.description}</span>}
    </li>
  );
}

export function SourcesSectionBlock({ block }: { block: BlogBlockOf<'sources_section'> }) {
  const titleId = useId();
  if (block.sources.length === 0) return null;
  const title = block.title || DEFAULT_SOURCES_TITLE;
  return (
    <section className="blog-block blog-sources" aria-labelledby={titleId}>
      <h2 id={titleId} className="blog-sources__title">{title}</h2>
      <ol className="blog-sources__list">
        {block.sources.map((source, index) => (
          <SourceEntry key={index} source={source} />
        ))}
      </ol>
    </section>
  );
}

/** Questions as disclosure widgets: keyboard and screen-reader friendly without any script. */
export function FaqSectionBlock({ block }: { block: BlogBlockOf<'faq_section'> }) {
  const titleId = useId();
  const title = block.title || DEFAULT_FAQ_TITLE;
  return (
    <section className="blog-block blog-faq" aria-labelledby={titleId}>
      <h2 id={titleId} className="blog-faq__title">{title}</h2>
      {block.faqs.map((faq, index) => (
        <details key={index} className="blog-faq__item">
          <summary className="blog-faq__question">{faq.question}</summary>
          <p className="blog-faq__answer">{faq.answer}</p>
        </details>
      ))}
    </section>
  );
}
