import { MARKETING, PRODUCT_NAME, SOCIAL_KEY_POINTS, SOCIAL_PLATFORMS, type SocialPlatformId } from '@paycadence/contracts';

// The social post generator (docs/product/signed-in.md §2, §4, §5, §9): one text per platform from the post's title,
// excerpt and a few key points (a seeded post's own from contracts' SOCIAL_KEY_POINTS, else its headings),
// a link to the post and the platform's hashtags. Pure: the modal only shows, counts and copies what this returns.

/** What the generator reads of a post. */
export interface SocialSource {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  content: { blocks: ReadonlyArray<{ type?: unknown; [field: string]: unknown }> };
}

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const DEFAULT_PLATFORM: SocialPlatformId = 'linkedin';

export function platformOf(id: SocialPlatformId): SocialPlatform {
  return SOCIAL_PLATFORMS.find((platform) => platform.id === id) ?? SOCIAL_PLATFORMS[0];
}

const MAX_KEY_POINTS = 3;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Key points: the seeded post's own by slug; for any other post its headings, else the titles or texts of
 * its list items; at most three.
 */
export function keyPointsFor(post: SocialSource): string[] {
  const known = SOCIAL_KEY_POINTS[post.slug];
  if (known) return [...known];
  const blocks = post.content.blocks ?? [];
  const headings = blocks.filter((block) => block.type === 'heading').map((block) => text(block.content));
  const items = blocks
    .flatMap((block) => (Array.isArray(block.items) ? (block.items as unknown[]) : []))
    .map((item) => (typeof item === 'object' && item !== null ? text((item as { title?: unknown }).title) : text(item)));
  const points = headings.filter(Boolean).length > 0 ? headings : items;
  return points.filter(Boolean).slice(0, MAX_KEY_POINTS);
}

/** The post's public address: /blog/{slug} on this site. */
export const postUrl = (slug: string, origin: string) => `${origin.replace(/\/$/, '')}/blog/${slug}`;

/** '#Parenting' from a category ('Company' gives no tag of its own). */
const categoryTag = (category: string) => {
  const word = category.replace(/[^A-Za-z0-9]/g, '');
  return word && word !== 'Company' ? `#${word}` : null;
};

const HASHTAGS: Record<SocialPlatformId, readonly string[]> = {
  linkedin: ['#PersonalFinance', '#FinancialWellness', '#Budgeting', `#${PRODUCT_NAME}`],
  twitter: ['#PersonalFinance', '#Budgeting', `#${PRODUCT_NAME}`],
  facebook: ['#PersonalFinance', `#${PRODUCT_NAME}`],
  instagram: ['#PersonalFinance', '#MoneyTips', '#Budgeting', '#Payday', '#BillsPaid', '#FinancialWellness', '#MoneyMindset', `#${PRODUCT_NAME}`],
};

export function hashtagsFor(platform: SocialPlatformId, category: string): string[] {
  const tag = categoryTag(category);
  return tag ? [...HASHTAGS[platform], tag] : [...HASHTAGS[platform]];
}

const paragraphs = (...parts: Array<string | null | false>) => parts.filter((part): part is string => Boolean(part)).join('\n\n');
const bullets = (marker: string, points: readonly string[]) => (points.length ? points.map((point) => `${marker} ${point}`).join('\n') : null);

/** The text for one platform, ready to edit, count and copy. */
export function generateSocialPost(post: SocialSource, platform: SocialPlatformId, origin: string): string {
  const points = keyPointsFor(post);
  const url = postUrl(post.slug, origin);
  const tags = hashtagsFor(platform, post.category).join(' ');
  const title = post.title.trim();
  const excerpt = post.excerpt.trim();
  switch (platform) {
    case 'linkedin':
      return paragraphs(title, excerpt, points.length > 0 && `Key takeaways:\n${bullets('•', points)}`, `Read the full article: ${url}`, tags);
    case 'twitter':
      return paragraphs(title, excerpt, bullets('→', points), `Read more: ${url}`, tags);
    case 'facebook':
      return paragraphs(
        title,
        excerpt,
        points.length > 0 && `In this post:\n${bullets('✓', points)}`,
        `Read it here: ${url}`,
        `${MARKETING.waitlistCount} people are already on the waitlist for our ${MARKETING.betaLaunch} beta.`,
        tags,
      );
    case 'instagram':
      return paragraphs(title, excerpt, bullets('✨', points), `Read the full post: link in bio (${url})`, tags);
  }
}

/** Publishing tips shown under the text, per platform. */
export const PLATFORM_TIPS: Record<SocialPlatformId, readonly string[]> = {
  linkedin: [
    'Post on a weekday morning, when professionals read their feed.',
    'The first two lines show before "see more": make them count.',
    'Reply to comments in the first hour to widen the reach.',
  ],
  twitter: [
    'Only the first lines show in the timeline: lead with the point.',
    'Keep to two or three hashtags.',
    'Pin the post or turn it into a thread for a longer article.',
  ],
  facebook: [
    'Ask a question to invite comments.',
    'The link preview uses the post image: check that it is set.',
    'Share to groups where the topic fits.',
  ],
  instagram: [
    'Links in captions are not clickable: put the link in your bio.',
    'Pair the caption with the post image or a short carousel.',
    'Hashtags work best at the end of the caption.',
  ],
};

/** Characters as a person counts them (an emoji is one), what the counter shows against the limit. */
export const characterCount = (value: string) => Array.from(value).length;
