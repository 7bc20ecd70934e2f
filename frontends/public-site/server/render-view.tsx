import type { BlogPost, BlogPostSummary } from '@paycadence/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { blogKeys } from '../src/blog/blog-queries';
import { BlogListPage } from '../src/blog/BlogListPage';
import { BlogPostPage } from '../src/blog/BlogPostPage';

// The page server's rendering: the blog's own page components, as the app renders them once their data is in.
// Nothing is hydrated: the shell replaces this markup with the live app, which starts from the same data
// (src/blog/served-data.ts), so the hand-over changes nothing on screen.

/** A rendered view and the data it was rendered with, by react-query key (what the page serves for the app). */
export interface RenderedView {
  html: string;
  data: Array<[queryKey: readonly unknown[], data: unknown]>;
}

function renderWithData(location: string, element: ReactElement, data: RenderedView['data']): RenderedView {
  // Never fetches: every query the view asks for is already in the cache, and effects do not run on a server.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [queryKey, value] of data) client.setQueryData(queryKey, value);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={location}>{element}</StaticRouter>
    </QueryClientProvider>,
  );
  client.clear();
  return { html, data };
}

/** /blog with its posts and featured posts (docs/product/accounts.md §2). */
export function renderBlogList(posts: BlogPostSummary[], featured: BlogPostSummary[]): RenderedView {
  return renderWithData('/blog', <BlogListPage />, [
    [blogKeys.posts, posts],
    [blogKeys.featured, featured],
  ]);
}

/** /blog/<slug> with its post, under the slug the page was asked for (the key the app will look it up by). */
export function renderBlogPost(slug: string, post: BlogPost): RenderedView {
  const element = (
    <Routes>
      <Route path="/blog/:slug" element={<BlogPostPage />} />
    </Routes>
  );
  return renderWithData(`/blog/${encodeURIComponent(slug)}`, element, [[blogKeys.post(slug), post]]);
}
