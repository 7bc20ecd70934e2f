import { BLOG_ENDPOINTS, BLOG_IMAGE_NAME_HEADER, type BlogPost, type BlogPostFields, type BlogPostInput } from '@payday/contracts';
import { useApi } from '@payday/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The blog admin's server state (issue 10): every post (drafts too), save, delete, image upload; all through
// web-kit's one API client (bearer token, refresh).

export const blogKeys = {
  posts: ['admin', 'blog', 'posts'] as const,
};

export function useAdminPosts() {
  const api = useApi();
  return useQuery<BlogPost[]>({
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
    queryKey: blogKeys.posts,
    queryFn: async ({ signal }) => (await api.call(BLOG_ENDPOINTS.adminPosts, {}, { signal })).posts,
  });
}

/** spec part 2 §4: after save or delete the list reloads. */
export function useReloadPosts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogKeys.posts });
}

/** A header value must be ISO-8859-1; a name outside plain ASCII goes as 'image.<its extension>'. */
export function uploadFileName(name: string): string {
  if (/^[\x20-\x7e]{1,200}$/.test(name)) return name;
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1];
  return extension ? `image.${extension}` : 'image';
}

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
    remove: useMutation({ mutationFn: (id: string) => api.call(BLOG_ENDPOINTS.deletePost, { params: { id } }) }),
    /** The raw bytes with the file's own type and its name (the server checks both against the content). */
    upload: useMutation({
      mutationFn: (file: File) =>
        api.call(BLOG_ENDPOINTS.uploadImage, {}, { raw: { body: file, headers: { [BLOG_IMAGE_NAME_HEADER]: uploadFileName(file.name) } }, timeoutMs: 60_000 }),
    }),
  };
}
