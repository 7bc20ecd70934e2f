import { PRODUCT_NAME, SERVED_HEAD_DEFAULT_ATTRIBUTE, type BlogPost } from '@paycadence/contracts';
import { useEffect } from 'react';

/**
 * Sets `<meta name>` to the content; answers how to put back what was there (or remove it if it was not). A tag
 * the page server wrote for the post says what the page had before it (SERVED_HEAD_DEFAULT_ATTRIBUTE).
 */
function setMeta(name: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const servedDefault = element?.getAttribute(SERVED_HEAD_DEFAULT_ATTRIBUTE) ?? null;
  element?.removeAttribute(SERVED_HEAD_DEFAULT_ATTRIBUTE);
  const created = element === null || servedDefault === '';
  if (element === null) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  const previous = servedDefault ?? element.content;
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}

/**
 * Puts the tab title back when the page that set it goes, unless the next page has named itself already: the
 * shell's route title is a layout effect, which runs before this page's passive clean-up.
 */
function restoreTitle(ours: string, previous: string): void {
  if (document.title === ours) document.title = previous;
}

/** What a post's page puts in the document's head (the page server writes the same into the HTML it serves). */
export interface PostHead {
  title: string;
  description: string;
  keywords: string[];
}

/**
 * A post's tab title is `${seo.title || title} | PayCadence`, its meta description seo.description
 * or else the excerpt, and its keywords the seo keywords when it has any.
 */
export function postHead(post: Pick<BlogPost, 'title' | 'excerpt' | 'seo'>): PostHead {
  return {
    title: `${post.seo?.title?.trim() || post.title} | ${PRODUCT_NAME}`,
    description: post.seo?.description?.trim() || post.excerpt.trim(),
    keywords: post.seo?.keywords?.filter((word) => word.trim()) ?? [],
  };
}

/**
 * Puts postHead's title, description and keywords in the document while the post is shown. All put back when
 * the page goes, so the next page does not inherit a post's description.
 */
export function usePostHead(post: Pick<BlogPost, 'title' | 'excerpt' | 'seo'> | undefined): void {
  useEffect(() => {
    if (!post) return;
    const { title, description, keywords } = postHead(post);
    const previousTitle = document.title;
    document.title = title;
    const restoreDescription = description ? setMeta('description', description) : () => undefined;
    const restoreKeywords = keywords.length > 0 ? setMeta('keywords', keywords.join(', ')) : () => undefined;
    return () => {
      restoreTitle(title, previousTitle);
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
    const stateTitle = `${title} | ${PRODUCT_NAME}`;
    document.title = stateTitle;
    return () => restoreTitle(stateTitle, previousTitle);
  }, [title]);
}
