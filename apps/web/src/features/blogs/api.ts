import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { selectWholeList } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

export const blogListOptions = () =>
  queryOptions({
    queryKey: queryKeys.blogs.list(),
    queryFn: ({ signal }) => api.call('blogs', { signal }),
    select: selectWholeList,
  });

export const useBlogs = () => useQuery(blogListOptions());

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

/** `version`: the edited blog's, as the form opened on it (docs/design.md §14). */
type BlogSave = { id: string | null; version?: string; values: BlogFormValues };

/** Creates the blog (`id` null) or updates it. */
export function useSaveBlog(options?: MutationCallbacks<BlogSave, RouteResponse<'createBlog'> | RouteResponse<'updateBlog'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version, values }: BlogSave) =>
        id
          ? api.call('updateBlog', { params: { id }, body: toBlogFormData(values), ifMatch: version })
          : api.call('createBlog', { body: toBlogFormData(values) }),
      invalidates: [queryKeys.blogs.all],
    },
    options,
  );
}

export function useDeleteBlog(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteBlog'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteBlog', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.blogs.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}
