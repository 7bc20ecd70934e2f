import type { BlogBlockOf } from '@payday/contracts';
import { Callout } from '@payday/web-kit';

// The prose blocks (spec part 1 §3). Every text is a React text node, never HTML: a `<script>` in a post is
// shown as the characters it is. Line breaks an author typed are kept by the blog styles (white-space: pre-line).

export function ParagraphBlock({ block }: { block: BlogBlockOf<'paragraph'> }) {
  return <p className="blog-block blog-paragraph">{block.content}</p>;
}

/**
 * The post's title is the page's one h1, so a heading block's level is clamped, not shifted: levels 1 and 2
 * are h2, 3 is h3, 4 is h4. The editor's default level 2 then sits beside the cta, Sources and FAQ titles (h2)
 * instead of jumping from the h1 straight to h3 in the screen-reader outline.
 */
export function HeadingBlock({ block }: { block: BlogBlockOf<'heading'> }) {
  const Tag = (['h2', 'h2', 'h3', 'h4'] as const)[block.level - 1] ?? 'h2';
  return <Tag className={`blog-block blog-heading blog-heading--${block.level}`}>{block.content}</Tag>;
}

export function CalloutBlock({ block }: { block: BlogBlockOf<'callout'> }) {
  return (
    <Callout variant={block.style} className="blog-block blog-callout">
      <p className="blog-text">{block.content}</p>
    </Callout>
  );
}

/** The opening paragraph, set larger. */
export function IntroBlock({ block }: { block: BlogBlockOf<'intro'> }) {
  return <p className="blog-block blog-intro">{block.content}</p>;
}

/** An opening paragraph in a tinted panel, with an optional line above it. */
export function IntroCalloutBlock({ block }: { block: BlogBlockOf<'intro_callout'> }) {
  return (
    <div className="blog-block blog-intro-callout">
      {block.subtitle && <p className="blog-intro-callout__subtitle">{block.subtitle}</p>}
      <p className="blog-intro-callout__text">{block.content}</p>
    </div>
  );
}

export function QuoteBlock({ block }: { block: BlogBlockOf<'quote'> }) {
  return (
    <figure className="blog-block blog-quote">
      <blockquote className="blog-quote__text">
        <p>{block.content}</p>
      </blockquote>
      {(block.attribution || block.source) && (
        <figcaption className="blog-quote__caption">
          {block.attribution && <span>{block.attribution}</span>}
          {block.attribution && block.source && ', '}
          {block.source && <cite>{block.source}</cite>}
        </figcaption>
      )}
    </figure>
  );
}

/** The quote a post opens with: larger, centred, no box. */
export function IntroQuoteBlock({ block }: { block: BlogBlockOf<'intro_quote'> }) {
  return (
    <figure className="blog-block blog-intro-quote">
      <blockquote className="blog-intro-quote__text">
        <p>{block.content}</p>
      </blockquote>
      {block.attribution && <figcaption className="blog-quote__caption">{block.attribution}</figcaption>}
    </figure>
  );
}
