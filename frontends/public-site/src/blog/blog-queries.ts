import { BLOG_ENDPOINTS, BlogPostSchema, BlogPostSummariesResponseSchema, type BlogPost, type BlogPostSummary } from '@paycadence/contracts';
import { ApiError, endpointUrl, useApi } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { takeServedData } from './served-data';

// The public blog's server state (docs/product/accounts.md §7: published posts newest first, the featured ones, one by
// slug). Public calls: no session needed, every answer parsed with the contract's schema by web-kit's client.
// The lists answer summaries (no content: cards never draw it); only the post by slug has its blocks.
// Each query starts from the data the page was served with, when the page server rendered it (served-data.ts).

export const blogKeys = {
  posts: ['blog', 'posts'] as const,
  featured: ['blog', 'posts', 'featured'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
};

/**
 * Posts change rarely: what the page was served with (or read a minute ago) is shown without asking again, so
 * a served page makes no request at all whatever the app's default staleness.
 */
const FRESH_FOR_MS = 60_000;

/**
 * One quiet retry, only when no answer came at all (a network blip, status 0). An answer, even a 5xx, is shown
 * at once: a 404 stays a 404, and the error view has its own Try Again.
 */
const retryUnlessRefused = (failures: number, error: unknown) => failures < 1 && error instanceof ApiError && error.status === 0;

/** The calls the blog's list page makes for its data, written as the client writes them (useBlogPosts, useFeaturedPosts). */
export const BLOG_LIST_CALLS: readonly string[] = [endpointUrl(BLOG_ENDPOINTS.posts), endpointUrl(BLOG_ENDPOINTS.posts, { query: { featured: 'true' } })];

/** The call a post's page makes (useBlogPost), with its `{slug}` left for the page's own to fill. */
export const BLOG_POST_CALLS: readonly string[] = [BLOG_ENDPOINTS.post.path];

export function useBlogPosts() {
  const api = useApi();
  return useQuery<BlogPostSummary[]>({
    queryKey: blogKeys.posts,
    initialData: () => takeServedData(blogKeys.posts, BlogPostSummariesResponseSchema.shape.posts),
    queryFn: async ({ signal }) => (await api.call(BLOG_ENDPOINTS.posts, {}, { signal })).posts,
    staleTime: FRESH_FOR_MS,
    retry: retryUnlessRefused,
  });
}

export function useFeaturedPosts() {
  const api = useApi();
  return useQuery<BlogPostSummary[]>({
    queryKey: blogKeys.featured,
    initialData: () => takeServedData(blogKeys.featured, BlogPostSummariesResponseSchema.shape.posts),
    queryFn: async ({ signal }) => (await api.call(BLOG_ENDPOINTS.posts, { query: { featured: 'true' } }, { signal })).posts,
    staleTime: FRESH_FOR_MS,
    retry: retryUnlessRefused,
  });
}

export function useBlogPost(slug: string) {
  const api = useApi();
  return useQuery<BlogPost>({
    queryKey: blogKeys.post(slug),
    initialData: () => takeServedData(blogKeys.post(slug), BlogPostSchema),
    queryFn: ({ signal }) => api.call(BLOG_ENDPOINTS.post, { params: { slug } }, { signal }),
    staleTime: FRESH_FOR_MS,
    retry: retryUnlessRefused,
  });
}

/** docs/product/accounts.md §4: a post is not found when the API answers 404 (unknown slug, or a draft's). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
