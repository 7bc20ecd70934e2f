import { BLOCK_SCHEMAS, type BlockType, type BlogBlock } from '@paycadence/contracts';
import { headingRanks, type HeadingRank } from './heading-outline';
import { BulletListBlock, FeatureBoxBlock, NumberedListBlock } from './ListBlocks';
import { CtaSectionBlock, FaqSectionBlock, SourcesSectionBlock } from './SectionBlocks';
import {
  CalloutBlock,
  HeadingBlock,
  IntroBlock,
  IntroCalloutBlock,
  IntroQuoteBlock,
  ParagraphBlock,
  QuoteBlock,
} from './TextBlocks';

/**
 * A stored block, read with the same contract schema the server validated it with. An unknown type, or a
 * block the server would refuse (a stale row, a form pointing elsewhere), is skipped, never half-drawn and
 * never a crash of the whole post.
 */
export function readBlock(raw: unknown): BlogBlock | null {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(BLOCK_SCHEMAS, type)) return null;
  const parsed = BLOCK_SCHEMAS[type as BlockType].safeParse(raw);
  return parsed.success ? (parsed.data as BlogBlock) : null;
}

function Block({ block, headingRank }: { block: BlogBlock; headingRank: HeadingRank | undefined }) {
  switch (block.type) {
    case 'paragraph':
      return <ParagraphBlock block={block} />;
    case 'heading':
      return <HeadingBlock block={block} rank={headingRank ?? 2} />;
    case 'callout':
      return <CalloutBlock block={block} />;
    case 'numbered_list':
      return <NumberedListBlock block={block} />;
    case 'bullet_list':
      return <BulletListBlock block={block} />;
    case 'feature_box':
      return <FeatureBoxBlock block={block} />;
    case 'intro_callout':
      return <IntroCalloutBlock block={block} />;
    case 'cta_section':
      return <CtaSectionBlock block={block} />;
    case 'quote':
      return <QuoteBlock block={block} />;
    case 'sources_section':
      return <SourcesSectionBlock block={block} />;
    case 'intro':
      return <IntroBlock block={block} />;
    case 'intro_quote':
      return <IntroQuoteBlock block={block} />;
    case 'faq_section':
      return <FaqSectionBlock block={block} />;
    default: {
      // Every type of BLOCK_TYPES has a case: a new type in the contracts fails to compile here.
      const unhandled: never = block;
      return unhandled;
    }
  }
}

/** A post's content blocks (docs/product/accounts.md §3), in order. */
export function BlockRenderer({ blocks }: { blocks: readonly unknown[] }) {
  const read = blocks.map(readBlock);
  const ranks = headingRanks(read);
  return (
    <div className="blog-content">
      {read.map((block, index) => (block ? <Block key={index} block={block} headingRank={ranks[index]} /> : null))}
    </div>
  );
}
