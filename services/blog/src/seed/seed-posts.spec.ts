import {
  BLOG_CATEGORIES,
  BLOG_POST_DEFAULTS,
  BlogPostInputSchema,
  isHttpUrl,
  MARKETING,
  SOCIAL_KEY_POINTS,
  WAITLIST_ENDPOINT_PATH,
  type BlogBlock,
} from '@paycadence/contracts';
import { SEED_POSTS } from './seed-posts.js';

const blocksOf = (type: BlogBlock['type']) => SEED_POSTS.flatMap((post) => post.content.blocks.filter((block) => block.type === type));

describe('SEED_POSTS', () => {
  it.each(SEED_POSTS.map((post) => [post.slug, post]))('%s passes BlogPostInputSchema unchanged (inserted as it stands)', (_slug, post) => {
    expect(BlogPostInputSchema.parse(post)).toEqual(post);
  });

  it('covers the categories with icons (docs/product/accounts.md §2), all published, two featured, distinct slugs and dates', () => {
    expect(new Set(SEED_POSTS.map((post) => post.category))).toEqual(new Set(BLOG_CATEGORIES.filter((category) => category !== 'Technology')));
    expect(SEED_POSTS.every((post) => post.published)).toBe(true);
    expect(SEED_POSTS.filter((post) => post.featured)).toHaveLength(2);
    expect(new Set(SEED_POSTS.map((post) => post.slug)).size).toBe(SEED_POSTS.length);
    expect(new Set(SEED_POSTS.map((post) => post.publish_date)).size).toBe(SEED_POSTS.length);
  });

  it('uses the designed block types, with title-and-description list items and every callout style', () => {
    const types = new Set(SEED_POSTS.flatMap((post) => post.content.blocks.map((block) => block.type)));
    for (const type of ['paragraph', 'heading', 'callout', 'bullet_list', 'numbered_list', 'feature_box', 'intro_callout', 'quote', 'faq_section', 'sources_section', 'cta_section']) {
      expect(types).toContain(type);
    }
    expect(new Set(blocksOf('callout').map((block) => (block as { style: string }).style))).toEqual(new Set(['blue', 'red', 'teal', 'yellow']));
    expect(blocksOf('bullet_list').some((block) => (block as { items: unknown[] }).items.some((item) => typeof item === 'object'))).toBe(true);
  });

  it('sources are real http(s) addresses; every call-to-action is a waitlist form with the blog source', () => {
    const sources = blocksOf('sources_section').flatMap((block) => (block as { sources: Array<{ url: string }> }).sources);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((source) => isHttpUrl(source.url) && source.url.startsWith('https://'))).toBe(true);
    for (const block of blocksOf('cta_section')) {
      expect((block as { form?: { api_endpoint: string; source: string } }).form).toMatchObject({ api_endpoint: WAITLIST_ENDPOINT_PATH, source: 'blog-cta' });
    }
  });

  it('quotes nobody but the company itself: no invented customer testimonials', () => {
    const quotes = [...blocksOf('quote'), ...blocksOf('intro_quote')] as Array<{ attribution?: string; source?: string }>;
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) {
      expect(quote.attribution).toBe(BLOG_POST_DEFAULTS.author);
      expect(quote.source).toBeUndefined();
    }
  });

  it('publish dates are calendar days (the migration stores each as that day at 00:00 UTC)', () => {
    for (const seed of SEED_POSTS) expect(seed.publish_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has the social generator's key points for every seeded post, and none for a post that is not seeded", () => {
    expect(Object.keys(SOCIAL_KEY_POINTS).sort()).toEqual(SEED_POSTS.map((post) => post.slug).sort());
    for (const seed of SEED_POSTS) expect(SOCIAL_KEY_POINTS[seed.slug].length).toBeGreaterThan(0);
  });

  it("states the product's figures as MARKETING holds them", () => {
    const text = JSON.stringify(SEED_POSTS);
    expect(text).toContain(`${MARKETING.paycheckToPaycheckPercent}%`);
    expect(text).toContain(`$${MARKETING.lateFeeDollars}`);
    expect(text).toContain(`$${MARKETING.overdraftFeesBillions} billion`);
  });
});
