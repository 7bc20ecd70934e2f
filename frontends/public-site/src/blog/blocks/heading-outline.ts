import type { BlogBlock } from '@paycadence/contracts';

/** The heading elements a post's blocks may use: the post's title is the page's one h1. */
export type HeadingRank = 2 | 3 | 4;

/** Blocks whose own title is a fixed heading (SectionBlocks, ListBlocks): the outline continues below them. */
const TITLED_BLOCKS: Partial<Record<BlogBlock['type'], HeadingRank>> = {
  cta_section: 2,
  sources_section: 2,
  faq_section: 2,
  feature_box: 3,
};

/**
 * The heading element of each heading block, in block order (undefined for other blocks). A level is clamped,
 * not shifted (1 and 2 are h2, 3 is h3, 4 is h4), and never more than one below the heading before it, so a
 * level 4 written straight after a level 2 is an h3: the screen-reader outline never skips a level. The
 * author's level still sets the look (`blog-heading--{level}`).
 */
export function headingRanks(blocks: ReadonlyArray<BlogBlock | null>): Array<HeadingRank | undefined> {
  let previous = 1; // the post's title
  return blocks.map((block) => {
    if (!block) return undefined;
    if (block.type !== 'heading') {
      previous = TITLED_BLOCKS[block.type] ?? previous;
      return undefined;
    }
    const rank = Math.min(Math.max(2, block.level), previous + 1, 4) as HeadingRank;
    previous = rank;
    return rank;
  });
}
