import type { BlogBlockOf } from '@paycadence/contracts';
import { Callout } from '@paycadence/web-kit';
import type { HeadingRank } from './heading-outline';

// The prose blocks (docs/product/accounts.md §3). Every text is a React text node, never HTML: a `<script>` in a post is
// shown as the characters it is. Line breaks an author typed are kept by the blog styles (white-space: pre-line).

export function ParagraphBlock({ block }: { block: BlogBlockOf<'paragraph'> }) {
  return <p className="blog-block blog-paragraph">{block.content}</p>;
}

/**
 * A heading block drawn as the element the post's outline gives it (see headingRanks: the title is the one h1,
 * levels are clamped to h2-h4 and never skip one); the author's level sets its size.
 */
export function HeadingBlock({ block, rank }: { block: BlogBlockOf<'heading'>; rank: HeadingRank }) {
  const Tag = `h${rank}` as const;
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
