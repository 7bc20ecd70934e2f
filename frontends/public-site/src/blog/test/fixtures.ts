import { BLOG_ENDPOINTS, SERVED_DATA_ELEMENT_ID, type BlogBlock, type BlogPost, type BlogPostSummary } from '@paycadence/contracts';
import { forgetServedData } from '../served-data';
import { serveEndpoints, type StubGateway, type StubHandler } from '@paycadence/web-kit/testing';

export { fail, never } from '@paycadence/web-kit/testing';

// The blog calls, answered by web-kit's stub gateway: every answer goes through the real client and is
// parsed with the contract's schema, as in the browser.
export type BlogEndpointName = keyof typeof BLOG_ENDPOINTS;
export const serveBlog = (initial: Partial<Record<BlogEndpointName, StubHandler>>): StubGateway<BlogEndpointName> =>
  serveEndpoints(BLOG_ENDPOINTS, initial);

let counter = 0;

/** A published post as the service answers it; override what a test is about. */
export function aPost(overrides: Partial<BlogPost> = {}): BlogPost {
  counter += 1;
  const id = `0b0a0000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    slug: `post-${counter}`,
    title: `Post number ${counter}`,
    excerpt: `What post ${counter} is about.`,
    content: { blocks: [{ type: 'paragraph', content: `Body of post ${counter}.` } as BlogBlock] },
    category: 'Strategy',
    author: 'PayCadence Team',
    image_url: null,
    image_alt: null,
    featured: false,
    published: true,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    publish_date: null,
    read_time: '4 min read',
    seo: null,
    ...overrides,
  };
}

/** A published post as the public list answers it: everything but the content. */
export function aPostSummary(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  const { content: _content, ...summary } = aPost(overrides);
  return summary;
}

/** The data element the page server writes before </body> (server/served-document.ts), by served-data key. */
export function serveData(entries: Record<string, unknown>, text = JSON.stringify(entries)): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVED_DATA_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

/** Back to a page served without data, as a new page load would read it. */
export function forgetServedPage(): void {
  document.getElementById(SERVED_DATA_ELEMENT_ID)?.remove();
  forgetServedData();
}
