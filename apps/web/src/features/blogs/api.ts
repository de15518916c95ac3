import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export function useBlogs() {
  return useQuery({
    queryKey: queryKeys.blogs,
    queryFn: ({ signal }) => api.call('blogs', { signal }),
    select: (response) => response.data,
  });
}

export interface BlogFormValues {
  title: string;
  description: string;
  user: string;
  image: File | null;
  views?: number;
  comments?: number;
}

/** The multipart form of create-blog and update-blog (docs/design.md §6: title, description, blogImg, user, views, comments). */
export function toBlogFormData(values: BlogFormValues): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('description', values.description);
  form.append('user', values.user);
  form.append('views', String(values.views ?? 0));
  form.append('comments', String(values.comments ?? 0));
  if (values.image) form.append('blogImg', values.image, values.image.name);
  return form;
}

export function useSaveBlog(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, values }: { id: string | null; values: BlogFormValues }) =>
      id ? api.call('updateBlog', { params: { id }, body: toBlogFormData(values) }) : api.call('createBlog', { body: toBlogFormData(values) }),
    invalidates: [queryKeys.blogs],
    onSuccess: () => onSuccess?.(),
  });
}

export function useDeleteBlog(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('deleteBlog', { params: { id } }),
    invalidates: [queryKeys.blogs],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
