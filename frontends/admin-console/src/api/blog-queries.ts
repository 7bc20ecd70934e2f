import {
  BLOG_ENDPOINTS,
  BLOG_IMAGE_NAME_HEADER,
  type BlogPost,
  type BlogPostFields,
  type BlogPostInput,
} from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The blog admin's server state: every post (drafts too), save, delete, image upload; all through
// web-kit's one API client (bearer token, refresh).

export const blogKeys = {
  posts: ['admin', 'blog', 'posts'] as const,
};

function useAdminPostsQuery() {
  const api = useApi();
  return {
    queryKey: blogKeys.posts,
    queryFn: async ({ signal }: { signal: AbortSignal }) => (await api.call(BLOG_ENDPOINTS.adminPosts, {}, { signal })).posts,
  };
}

export function useAdminPosts() {
  return useQuery<BlogPost[]>({ retry: false, refetchOnWindowFocus: false, staleTime: 0, ...useAdminPostsQuery() });
}

/** The post as the server holds it now (the list fetched again), or null when it is gone. */
export function useLatestPost() {
  const queryClient = useQueryClient();
  const query = useAdminPostsQuery();
  return async (id: string): Promise<BlogPost | null> => {
    const posts = await queryClient.fetchQuery<BlogPost[]>({ ...query, staleTime: 0 });
    return posts.find((post) => post.id === id) ?? null;
  };
}

/** docs/product/signed-in.md §4: after save or delete the list reloads. */
export function useReloadPosts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogKeys.posts });
}

/**
 * The X-File-Name value: always `encodeURIComponent(name)` (ASCII, as a header must be), which the blog service
 * undoes with decodeURIComponent (services/blog images). One rule both ways, so a name with '%' in it or outside
 * ASCII reaches the server exactly as the admin's file was called.
 */
export const uploadFileName = (name: string): string => encodeURIComponent(name);

export function useBlogActions() {
  const api = useApi();
  return {
    /** Creates without an id, updates with one. The body goes as the editor built it; the server judges it. */
    save: useMutation({
      mutationFn: ({ id, body }: { id: string | null; body: BlogPostInput }) =>
        id
          ? api.call(BLOG_ENDPOINTS.updatePost, { params: { id }, body: body as BlogPostFields })
          : api.call(BLOG_ENDPOINTS.createPost, { body: body as BlogPostFields }),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(BLOG_ENDPOINTS.deletePost, { params: { id } }),
    }),
    /** The raw bytes with the file's own type and its name (the server checks both against the content). */
    upload: useMutation({
      mutationFn: (file: File) =>
        api.call(
          BLOG_ENDPOINTS.uploadImage,
          {},
          {
            raw: { body: file, headers: { [BLOG_IMAGE_NAME_HEADER]: uploadFileName(file.name) } },
            timeoutMs: 60_000,
          },
        ),
    }),
  };
}
