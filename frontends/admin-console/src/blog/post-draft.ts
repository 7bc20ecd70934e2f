import {
  BLOG_POST_DEFAULTS,
  BlogPostInputSchema,
  fieldErrors,
  slugify,
  type BlogPost,
  type BlogPostInput,
} from '@paycadence/contracts';
import { contentToText, EMPTY_CONTENT, parseContentText, type RawContent } from './content-blocks.js';

// The post editor's form (docs/product/signed-in.md §2, §3, §5, §9) as plain data: the defaults of a new post, a loaded
// post, the slug rule while the slug has not been edited by hand, the client checks, and the body it sends.

export interface PostDraft {
  title: string;
  slug: string;
  /** Once the slug is edited by hand the title no longer rewrites it (docs/product/signed-in.md §3). */
  slugEdited: boolean;
  excerpt: string;
  category: string;
  read_time: string;
  /** YYYY-MM-DD, what a date input holds; sent as a full ISO timestamp. */
  publish_date: string;
  author: string;
  image_url: string;
  image_alt: string;
  featured: boolean;
  published: boolean;
  /** Not edited here (no fields for it in docs/product/signed-in.md §2), but carried along so saving keeps a post's seo. */
  seo: BlogPost['seo'];
  /**
   * When the loaded post was last changed (null for a new post): sent back on save, so the server refuses it
   * (409 editConflict) if someone else saved the post in the meantime.
   */
  loadedUpdatedAt: string | null;
}

export type DraftField = Exclude<keyof PostDraft, 'slugEdited' | 'seo' | 'loadedUpdatedAt'>;

/** The viewer's today as YYYY-MM-DD (the date input's value). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** docs/product/signed-in.md §9: author the team, category Company, '3 min read', not featured, published, today, no blocks. */
export function newDraft(now = new Date()): PostDraft {
  return {
    title: '',
    slug: '',
    slugEdited: false,
    excerpt: '',
    category: BLOG_POST_DEFAULTS.category,
    read_time: BLOG_POST_DEFAULTS.read_time,
    publish_date: today(now),
    author: BLOG_POST_DEFAULTS.author,
    image_url: '',
    image_alt: '',
    featured: BLOG_POST_DEFAULTS.featured,
    published: BLOG_POST_DEFAULTS.published,
    seo: null,
    loadedUpdatedAt: null,
  };
}

/** A stored post in the form; its slug counts as chosen, so editing the title keeps it. */
export function draftFromPost(post: BlogPost): PostDraft {
  return {
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    excerpt: post.excerpt,
    category: post.category,
    read_time: post.read_time,
    publish_date: post.publish_date ? post.publish_date.slice(0, 10) : '',
    author: post.author,
    image_url: post.image_url ?? '',
    image_alt: post.image_alt ?? '',
    featured: post.featured,
    published: post.published,
    seo: post.seo,
    loadedUpdatedAt: post.updated_at,
  };
}

export const contentTextOf = (post: BlogPost | null): string =>
  contentToText(post ? (post.content as RawContent) : EMPTY_CONTENT);

/** A typed title also becomes the slug until the slug is edited by hand. */
export function withTitle(draft: PostDraft, title: string): PostDraft {
  return { ...draft, title, slug: draft.slugEdited ? draft.slug : slugify(title) };
}

export function withSlug(draft: PostDraft, slug: string): PostDraft {
  return { ...draft, slug, slugEdited: true };
}

/** 'YYYY-MM-DD' → '2026-11-25T00:00:00.000Z' (docs/product/signed-in.md §3: sent as a full ISO timestamp); empty stays empty. */
export function publishTimestamp(date: string): string | null {
  if (!date) return null;
  const parsed = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
}

export type FieldErrors = Partial<Record<string, string>>;
export type DraftCheck =
  | { ok: true; body: BlogPostInput }
  | { ok: false; reason: 'fields'; errors: FieldErrors }
  | { ok: false; reason: 'invalid-json' };

/** The fields the editor itself requires (docs/product/signed-in.md §5: title, slug and content); the server judges the rest. */
const CLIENT_CHECKED = ['title', 'slug'] as const;

/**
 * The client checks of docs/product/signed-in.md §5, then the body: title and slug as the contract requires them (its own
 * messages), content that parses as JSON (else 'Invalid JSON in content field' and nothing is sent). A blocks
 * array is not enforced here; the server answers 'Content must have a blocks array'.
 */
export function checkDraft(draft: PostDraft, contentText: string): DraftCheck {
  const parsed = parseContentText(contentText);
  const body: BlogPostInput = {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    category: draft.category,
    read_time: draft.read_time,
    publish_date: publishTimestamp(draft.publish_date),
    author: draft.author,
    image_url: draft.image_url.trim() || null,
    image_alt: draft.image_alt.trim() || null,
    featured: draft.featured,
    published: draft.published,
    seo: draft.seo,
    content: parsed.ok ? parsed.value : null,
    ...(draft.loadedUpdatedAt ? { updated_at: draft.loadedUpdatedAt } : {}),
  };
  const result = BlogPostInputSchema.safeParse(body);
  const all = result.success ? {} : fieldErrors(result.error);
  const errors: FieldErrors = {};
  for (const field of CLIENT_CHECKED) if (all[field]) errors[field] = all[field];
  if (Object.keys(errors).length > 0) return { ok: false, reason: 'fields', errors };
  if (!parsed.ok) return { ok: false, reason: 'invalid-json' };
  return { ok: true, body };
}
