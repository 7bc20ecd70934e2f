import { z } from 'zod';
import { safeString } from './text.js';
import { COMPANY_TEAM_NAME } from './product.js';
import { WAITLIST_ENDPOINT_PATH, WaitlistSourceSchema } from './waitlist.js';

// The blog (docs/product/accounts.md §2, §3, §5, §7, §8, §9; docs/product/signed-in.md §2, §3, §4, §5, §8, §9): the post and its
// content blocks as the server validates them and both the public blog and the blog admin read them, the
// slug rule, the editor's defaults, the social generator's platforms, and every message either side shows.

// ---------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------

export const BLOG_MESSAGES = {
  // Public blog (docs/product/accounts.md §2, §8)
  listTitle: 'Blog',
  featuredHeading: 'Featured Posts',
  allPostsHeading: 'All Posts',
  noPosts: 'No blog posts yet.',
  loadingPosts: 'Loading blog posts...',
  loadingPost: 'Loading post...',
  listErrorTitle: 'Error Loading Blog',
  listFailed: (message: string) => `Failed to load blog posts: ${message}`,
  tryAgain: 'Try Again',
  stayUpdatedTitle: 'Stay Updated',
  featuredBadge: 'Featured',
  copyLink: 'Copy Link',
  linkCopied: 'Link copied to clipboard!',
  backToBlog: 'Back to Blog',
  postNotFoundTitle: 'Post Not Found',
  postNotFound: 'Post not found',
  postNotFoundBody: "The post you're looking for doesn't exist.",
  postLoadFailed: 'Failed to load post',
  // Blog admin (docs/product/signed-in.md §2, §5, §8)
  adminTitle: 'Blog Admin',
  createPost: 'Create New Post',
  editPost: 'Edit Post',
  savePost: 'Save Post',
  saving: 'Saving...',
  loadingAdminPosts: 'Loading posts...',
  noPostsForFilter: 'No posts found for the selected filter.',
  invalidImageUrl: 'Invalid image URL',
  invalidJson: 'Invalid JSON in content field',
  saveFailed: (reason: string) => `Failed to save post: ${reason}`,
  deleteFailed: 'Failed to delete post',
  saved: 'Post saved successfully!',
  deleted: 'Post deleted successfully!',
  deleteConfirm: (title: string) => `Are you sure you want to delete "${title}"?`,
  contentCopied: 'Content copied to clipboard!',
  overLimit: (platform: string) => `Content exceeds ${platform} character limit`,
  // The server's answers (docs/product/accounts.md §5 for the two content messages; ours for the rest)
  contentNeedsBlocks: 'Content must have a blocks array',
  invalidBlockType: (type: string, index: number) => `Invalid block type "${type}" at index ${index}`,
  slugTaken: 'A post with this slug already exists',
  editConflict: 'This post was changed by someone else since you opened it. Reload it to see their changes.',
  imageMissing: 'Send the image file as the request body',
  imageTooLarge: (maxMegabytes: number) => `Images can be at most ${maxMegabytes} MB`,
  imageUnsupported: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
  imageMislabelled: 'The file name does not match the image inside it',
  imageNotFound: 'Image not found',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Constants (docs/product/accounts.md §9, docs/product/signed-in.md §3, §5, §9)
// ---------------------------------------------------------------------------------------------------------

/** The editor's category choices (docs/product/signed-in.md §3). The public list has icons for the first five and a fallback. */
export const BLOG_CATEGORIES = ['Company', 'Psychology', 'Parenting', 'Strategy', 'Freelancing', 'Technology'] as const;

/** Shown on a card or post whose read_time is empty (docs/product/accounts.md §9). */
export const DEFAULT_DISPLAY_READ_TIME = '5 min read';

/** A new post in the editor (docs/product/signed-in.md §9); publish_date is today, filled by the editor. */
export const BLOG_POST_DEFAULTS = {
  author: COMPANY_TEAM_NAME,
  category: 'Company',
  read_time: '3 min read',
  featured: false,
  published: true,
  content: { blocks: [] },
  heading_level: 2,
  callout_style: 'teal',
} as const;

/** The social generator's platforms, in the order of its tabs, with their limits (docs/product/signed-in.md §5, §9). */
export const SOCIAL_PLATFORMS = [
  { id: 'linkedin', label: 'LinkedIn', limit: 3000 },
  { id: 'twitter', label: 'Twitter/X', limit: 2800 },
  { id: 'facebook', label: 'Facebook', limit: 2000 },
  { id: 'instagram', label: 'Instagram', limit: 2200 },
] as const;
export type SocialPlatformId = (typeof SOCIAL_PLATFORMS)[number]['id'];

/** Image upload: what the server accepts, told by the file's first bytes, never by its name alone. */
export const BLOG_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Sniffed type → the extensions a file of that type may carry (the first one names stored files). */
  types: {
    'image/png': ['png'],
    'image/jpeg': ['jpg', 'jpeg'],
    'image/webp': ['webp'],
    'image/gif': ['gif'],
  },
} as const;
export type BlogImageType = keyof (typeof BLOG_IMAGE_LIMITS)['types'];

/** Where uploaded images are served (through the gateway, cached for a year): `${BLOG_IMAGE_PATH}/{name}`. */
export const BLOG_IMAGE_PATH = '/api/blog/images';

/** The extension a stored image of each type gets (the first of its allowed ones). */
export const canonicalImageExtension = (type: BlogImageType): string => BLOG_IMAGE_LIMITS.types[type][0];

/** A stored image's name: 16–64 random base64url characters and a canonical extension. Linear (no nesting). */
export const BLOG_IMAGE_NAME_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{16,64}\\.(?:${(Object.keys(BLOG_IMAGE_LIMITS.types) as BlogImageType[]).map(canonicalImageExtension).join('|')})$`,
);

/** Size limits of a post's fields; a whole post stays well under the service's body limit. */
export const BLOG_LIMITS = {
  title: 200,
  slug: 120,
  excerpt: 1000,
  category: 40,
  author: 120,
  readTime: 40,
  url: 2048,
  imageAlt: 300,
  blocks: 300,
  text: 20_000,
  shortText: 300,
  listItems: 100,
} as const;

// ---------------------------------------------------------------------------------------------------------
// The slug rule (docs/product/signed-in.md §3): lowercase; drop all but letters, digits, spaces and hyphens; whitespace → hyphens;
// repeats collapsed. Linear: every pattern is a single character class.
// ---------------------------------------------------------------------------------------------------------

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    // A title starting or ending with a hyphen must still give a slug SLUG_PATTERN accepts.
    .replace(/^-|-$/g, '');
}

/** What a stored slug looks like: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------------------------------------------------------------------------------------------------------
// Content blocks (docs/product/accounts.md §3 allowed list; docs/product/signed-in.md §3 editor blocks)
// ---------------------------------------------------------------------------------------------------------

const text = (label: string, max: number = BLOG_LIMITS.text) =>
  safeString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalShort = (label: string) => text(label, BLOG_LIMITS.shortText).optional();

/** An absolute http(s) URL (never `javascript:`, `data:` or another scheme). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link a post may carry: an http(s) URL or a path on this site (`/register`, not `//elsewhere`). */
export function isSafeLink(value: string): boolean {
  return isHttpUrl(value) || (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'));
}

const httpUrl = (label: string) =>
  safeString({ error: `${label} is required` })
    .trim()
    .max(BLOG_LIMITS.url, { message: `${label} must be at most ${BLOG_LIMITS.url} characters`, abort: true })
    .refine(isHttpUrl, `${label} must be an http:// or https:// address`);

const listItem = z.union(
  [
    text('A list item', BLOG_LIMITS.text),
    z.object({ title: text('An item title', BLOG_LIMITS.shortText), description: text('An item description').optional() }).strict(),
  ],
  { error: 'A list item is either text or an object with a title and a description' },
);
const listItems = z
  .array(listItem, { error: 'items must be a list' })
  .min(1, 'A list needs at least one item')
  .max(BLOG_LIMITS.listItems, `A list has at most ${BLOG_LIMITS.listItems} items`);

export const CALLOUT_STYLES = ['blue', 'red', 'teal', 'yellow'] as const;
export const HEADING_LEVELS = [1, 2, 3, 4] as const;

/** The call-to-action form of a cta_section: it may only post to this product's own waitlist. */
const ctaForm = z
  .object({
    api_endpoint: z.literal(WAITLIST_ENDPOINT_PATH, { error: `A call-to-action form can only post to ${WAITLIST_ENDPOINT_PATH}` }),
    // The waitlist's own rule, so a form the blog accepts is never refused when a visitor uses it.
    source: WaitlistSourceSchema,
    placeholder: optionalShort('The placeholder'),
    button_text: text('The button text', BLOG_LIMITS.shortText),
    success_message: optionalShort('The success message'),
  })
  .strict();

const source = z
  .object({
    title: text('A source title', BLOG_LIMITS.shortText),
    url: httpUrl('A source URL'),
    author: optionalShort('A source author'),
    publication: optionalShort('A source publication'),
    year: z.union([safeString().trim().max(16), z.number().int()]).transform(String).optional(),
    description: text('A source description', 2000).optional(),
  })
  .strict();

/** One schema per block type; `type` selects it. */
export const BLOCK_SCHEMAS = {
  paragraph: z.object({ type: z.literal('paragraph'), content: text('Paragraph content') }).strict(),
  heading: z
    .object({
      type: z.literal('heading'),
      level: z
        .number({ error: 'Heading level must be 1, 2, 3 or 4' })
        .int('Heading level must be 1, 2, 3 or 4')
        .min(1, 'Heading level must be 1, 2, 3 or 4')
        .max(4, 'Heading level must be 1, 2, 3 or 4')
        .default(BLOG_POST_DEFAULTS.heading_level),
      content: text('Heading text', BLOG_LIMITS.shortText),
    })
    .strict(),
  callout: z
    .object({
      type: z.literal('callout'),
      style: z.enum(CALLOUT_STYLES, { error: 'Callout style must be blue, red, teal or yellow' }).default(BLOG_POST_DEFAULTS.callout_style),
      content: text('Callout content'),
    })
    .strict(),
  numbered_list: z.object({ type: z.literal('numbered_list'), items: listItems }).strict(),
  bullet_list: z.object({ type: z.literal('bullet_list'), items: listItems }).strict(),
  feature_box: z.object({ type: z.literal('feature_box'), title: text('Feature box title', BLOG_LIMITS.shortText), items: listItems }).strict(),
  intro_callout: z.object({ type: z.literal('intro_callout'), content: text('Intro content'), subtitle: optionalShort('Intro subtitle') }).strict(),
  cta_section: z
    .object({
      type: z.literal('cta_section'),
      title: text('Call-to-action title', BLOG_LIMITS.shortText),
      content: text('Call-to-action text').optional(),
      form: ctaForm.optional(),
      button_text: optionalShort('The button text'),
      button_link: safeString()
        .trim()
        .max(BLOG_LIMITS.url, { abort: true })
        .refine(isSafeLink, 'The button link must be an http(s) address or a path on this site')
        .optional(),
    })
    .strict()
    .superRefine((block, ctx) => {
      const hasButton = block.button_text !== undefined || block.button_link !== undefined;
      if (block.form && hasButton) {
        ctx.addIssue({ code: 'custom', path: ['form'], message: 'A call-to-action has either a form or a button, not both' });
      } else if (!block.form && (block.button_text === undefined || block.button_link === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['button_link'], message: 'A call-to-action needs a form, or a button text and a button link' });
      }
    }),
  quote: z
    .object({ type: z.literal('quote'), content: text('Quote text'), attribution: optionalShort('The attribution'), source: optionalShort('The quote source') })
    .strict(),
  sources_section: z
    .object({
      type: z.literal('sources_section'),
      title: optionalShort('Sources title'),
      sources: z.array(source, { error: 'sources must be a list' }).max(BLOG_LIMITS.listItems, `At most ${BLOG_LIMITS.listItems} sources`),
    })
    .strict(),
  intro: z.object({ type: z.literal('intro'), content: text('Intro content') }).strict(),
  intro_quote: z.object({ type: z.literal('intro_quote'), content: text('Quote text'), attribution: optionalShort('The attribution') }).strict(),
  faq_section: z
    .object({
      type: z.literal('faq_section'),
      title: optionalShort('FAQ title'),
      faqs: z
        .array(z.object({ question: text('A question', BLOG_LIMITS.shortText * 2), answer: text('An answer') }).strict(), { error: 'faqs must be a list' })
        .min(1, 'An FAQ section needs at least one question')
        .max(BLOG_LIMITS.listItems, `At most ${BLOG_LIMITS.listItems} questions`),
    })
    .strict(),
} as const;

export type BlockType = keyof typeof BLOCK_SCHEMAS;
export const BLOCK_TYPES = Object.keys(BLOCK_SCHEMAS) as BlockType[];
export type BlogBlock = { [T in BlockType]: z.output<(typeof BLOCK_SCHEMAS)[T]> }[BlockType];
export type BlogBlockOf<T extends BlockType> = z.output<(typeof BLOCK_SCHEMAS)[T]>;
export type BlogListItem = z.output<typeof listItem>;
export type BlogSource = z.output<typeof source>;

const isBlockType = (type: unknown): type is BlockType => typeof type === 'string' && Object.hasOwn(BLOCK_SCHEMAS, type);

/**
 * A refused block type as the message names it: a string's first 40 characters, an array or object by its
 * kind. String() of a nested array joins it recursively, so 50,000 levels overflowed the stack (a 500).
 */
function describeBlockType(type: unknown): string {
  if (typeof type === 'string') return type.slice(0, 40);
  if (Array.isArray(type)) return 'array';
  return type === null || typeof type !== 'object' ? String(type) : 'object';
}

/**
 * Post content: `{blocks: [...]}` with every block of an allowed type and valid fields. The two messages of
 * docs/product/accounts.md §5 come first ('Content must have a blocks array', 'Invalid block type "{type}" at index {n}');
 * a block's own field errors are keyed by their path (`content.blocks.3.level` in a 400's `errors`).
 */
export const BlogContentSchema = z.unknown().transform((value, ctx): { blocks: BlogBlock[] } => {
  const blocks = (value as { blocks?: unknown } | null)?.blocks;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Array.isArray(blocks)) {
    ctx.addIssue({ code: 'custom', message: BLOG_MESSAGES.contentNeedsBlocks });
    return z.NEVER;
  }
  if (blocks.length > BLOG_LIMITS.blocks) {
    ctx.addIssue({ code: 'custom', path: ['blocks'], message: `A post has at most ${BLOG_LIMITS.blocks} blocks` });
    return z.NEVER;
  }
  const parsed: BlogBlock[] = [];
  blocks.forEach((block, index) => {
    const type = (block as { type?: unknown } | null)?.type;
    if (!isBlockType(type)) {
      ctx.addIssue({ code: 'custom', path: ['blocks', index, 'type'], message: BLOG_MESSAGES.invalidBlockType(describeBlockType(type), index) });
      return;
    }
    const result = BLOCK_SCHEMAS[type].safeParse(block);
    if (result.success) parsed.push(result.data as BlogBlock);
    else for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: ['blocks', index, ...issue.path] } as never);
  });
  return parsed.length === blocks.length ? { blocks: parsed } : z.NEVER;
});
export type BlogContent = { blocks: BlogBlock[] };

// ---------------------------------------------------------------------------------------------------------
// The post (docs/product/accounts.md §3 table blog_posts; docs/product/signed-in.md §3)
// ---------------------------------------------------------------------------------------------------------

export const BlogSeoSchema = z
  .object({
    title: safeString().trim().max(BLOG_LIMITS.shortText).optional(),
    description: safeString().trim().max(BLOG_LIMITS.shortText * 2).optional(),
    keywords: z.array(safeString().trim().min(1).max(60)).max(30).optional(),
  })
  .strict();

/** A post as the service answers it (public answers only ever carry published ones). */
export const BlogPostSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.object({ blocks: z.array(z.any()) }) as unknown as z.ZodType<BlogContent>,
  category: z.string(),
  author: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  featured: z.boolean(),
  published: z.boolean(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  updated_at: z.string(),
  publish_date: z.string().nullable(),
  read_time: z.string(),
  seo: BlogSeoSchema.nullable(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A post's image: an http(s) address or one of our uploaded images. */
export function isPostImageUrl(value: string): boolean {
  return isHttpUrl(value) || uploadedImageName(value) !== null;
}

/** The stored image a post's image URL names (`${BLOG_IMAGE_PATH}/{name}`), or null for any other address. */
export function uploadedImageName(url: string | null): string | null {
  const prefix = `${BLOG_IMAGE_PATH}/`;
  if (!url?.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return BLOG_IMAGE_NAME_PATTERN.test(name) ? name : null;
}

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * POST /api/blog/admin/posts and PUT /api/blog/admin/posts/{id}: the whole post. `id` and `created_at` may come
 * along (the editor sends the post it loaded, docs/product/signed-in.md §7) and are ignored: the server sets them. `updated_at`, when
 * sent, is the post's as the editor loaded it: a PUT is refused (409 editConflict, errors key `updated_at`) when
 * the stored post was changed since; without it the last save wins. The server sets the new one.
 */
export const BlogPostInputSchema = z
  .object({
    title: text('Title', BLOG_LIMITS.title),
    slug: safeString({ error: 'Slug is required' })
      .trim()
      .min(1, 'Slug is required')
      .max(BLOG_LIMITS.slug, { message: `Slug must be at most ${BLOG_LIMITS.slug} characters`, abort: true })
      .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens'),
    excerpt: safeString().trim().max(BLOG_LIMITS.excerpt, `Excerpt must be at most ${BLOG_LIMITS.excerpt} characters`).default(''),
    content: BlogContentSchema,
    category: text('Category', BLOG_LIMITS.category).default(BLOG_POST_DEFAULTS.category),
    author: text('Author', BLOG_LIMITS.author).default(BLOG_POST_DEFAULTS.author),
    image_url: z.preprocess(
      emptyToNull,
      safeString().trim().max(BLOG_LIMITS.url, { abort: true }).refine(isPostImageUrl, 'The image URL must be an http(s) address or an uploaded image').nullable().default(null),
    ),
    image_alt: z.preprocess(emptyToNull, safeString().trim().max(BLOG_LIMITS.imageAlt).nullable().default(null)),
    featured: z.boolean().default(BLOG_POST_DEFAULTS.featured),
    published: z.boolean().default(BLOG_POST_DEFAULTS.published),
    publish_date: z.preprocess(emptyToNull, z.iso.datetime({ offset: true, error: 'Publish date must be an ISO date and time' }).or(z.iso.date()).nullable().default(null)),
    read_time: safeString().trim().max(BLOG_LIMITS.readTime).default(BLOG_POST_DEFAULTS.read_time),
    seo: BlogSeoSchema.nullable().default(null),
    id: z.unknown().optional(),
    created_at: z.unknown().optional(),
    updated_at: z.preprocess(emptyToNull, z.iso.datetime({ offset: true, error: 'updated_at must be an ISO date and time' }).nullable().optional()),
  })
  .strict()
  .transform(({ id: _id, created_at: _created, ...post }) => post);
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;
export type BlogPostFields = z.output<typeof BlogPostInputSchema>;

/** GET /api/blog/posts: `featured=true` for the featured section (docs/product/accounts.md §7). */
export const BlogListQuerySchema = z.object({ featured: z.enum(['true', 'false']).optional() }).strict();

/** A post on a card of the public list: everything but the content (a long post stays off the list's wire). */
export const BlogPostSummarySchema = BlogPostSchema.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;
/** GET /api/blog/posts: the public list. */
export const BlogPostSummariesResponseSchema = z.object({ posts: z.array(BlogPostSummarySchema) });
export type BlogPostSummariesResponse = z.infer<typeof BlogPostSummariesResponseSchema>;
/** GET /api/blog/admin/posts: whole posts (the admin list counts blocks and edits them). */
export const BlogPostsResponseSchema = z.object({ posts: z.array(BlogPostSchema) });
export type BlogPostsResponse = z.infer<typeof BlogPostsResponseSchema>;

/** POST /api/blog/admin/images (raw image bytes; `X-File-Name` optional): where the stored image is served. */
export const BlogImageUploadResponseSchema = z.object({ url: z.string() });
export type BlogImageUploadResponse = z.infer<typeof BlogImageUploadResponseSchema>;

/** The header that carries the uploaded file's name (its extension must agree with the bytes). */
export const BLOG_IMAGE_NAME_HEADER = 'x-file-name';

/** Blog admin's greeting (docs/product/signed-in.md §2): the first name, unless missing or 'Admin', else the e-mail's local part. */
export function blogAdminGreetingName(user: { firstName?: string | null; email?: string | null }): string {
  const first = user.firstName?.trim();
  if (first && first !== 'Admin') return first;
  return user.email?.split('@')[0] || 'there';
}

