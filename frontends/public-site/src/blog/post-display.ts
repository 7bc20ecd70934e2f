import { DEFAULT_DISPLAY_READ_TIME, isPostImageUrl, type BlogPost } from '@paycadence/contracts';
import { formatDate } from '@paycadence/web-kit';

// How a post's meta line reads on a card and on the post page (docs/product/accounts.md §2, §9).

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * docs/product/accounts.md §2: the publish date, else the created date, in the saved date format ('11/25/2026' by default). A publish date is a
 * calendar day that the service answers as midnight UTC ('2026-03-09T00:00:00.000Z'): its day is read as
 * written, or every visitor west of UTC (the whole US) would see the day before. created_at is a real instant,
 * shown as the visitor's own day.
 */
export function postDisplayDate(post: Pick<BlogPost, 'publish_date' | 'created_at'>): string {
  const publishDay = post.publish_date ? CALENDAR_DAY.exec(post.publish_date)?.[0] : undefined;
  return formatDate(publishDay ?? (post.publish_date || post.created_at));
}

/** The machine-readable date for <time dateTime>. */
export function postDateTime(post: Pick<BlogPost, 'publish_date' | 'created_at'>): string {
  return post.publish_date || post.created_at;
}

/** docs/product/accounts.md §9: an empty read time shows '5 min read'. */
export function postReadTime(post: Pick<BlogPost, 'read_time'>): string {
  return post.read_time.trim() || DEFAULT_DISPLAY_READ_TIME;
}

/** The post's image, only when it is an http(s) address or one of our uploaded images (never `javascript:`/`data:`). */
export function postImageUrl(post: Pick<BlogPost, 'image_url'>): string | null {
  const url = post.image_url?.trim();
  return url && isPostImageUrl(url) ? url : null;
}

/** The public path of a post. */
export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
