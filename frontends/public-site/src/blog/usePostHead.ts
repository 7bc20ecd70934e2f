import { PRODUCT_NAME, type BlogPost } from '@payday/contracts';
import { useEffect } from 'react';

/** Sets `<meta name>` to the content; answers how to put back what was there (or remove it if it was not). */
function setMeta(name: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const created = element === null;
  if (element === null) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  const previous = element.content;
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}

/**
 * issue 10: a post's tab title is `${seo.title || title} | PayCadence`, its meta description seo.description
 * or else the excerpt, and its keywords the seo keywords when it has any. All put back when the page goes, so
 * the next page does not inherit a post's description.
 */
export function usePostHead(post: Pick<BlogPost, 'title' | 'excerpt' | 'seo'> | undefined): void {
  useEffect(() => {
    if (!post) return;
    const previousTitle = document.title;
    document.title = `${post.seo?.title?.trim() || post.title} | ${PRODUCT_NAME}`;
    const description = post.seo?.description?.trim() || post.excerpt.trim();
    const restoreDescription = description ? setMeta('description', description) : () => undefined;
    const keywords = post.seo?.keywords?.filter((word) => word.trim()) ?? [];
    const restoreKeywords = keywords.length > 0 ? setMeta('keywords', keywords.join(', ')) : () => undefined;
    return () => {
      document.title = previousTitle;
      restoreDescription();
      restoreKeywords();
    };
  }, [post]);
}

/** The tab title of a page that is not a post (not found, failed), put back when it goes. */
export function useStateTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    document.title = `${title} | ${PRODUCT_NAME}`;
    return () => {
      document.title = previousTitle;
    };
  }, [title]);
}
