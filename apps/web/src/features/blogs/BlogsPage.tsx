import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { Blog } from '@ute/contract';
import { Button, ConfirmDeleteDialog, EditDeleteActions, EmptyState, ImageThumbnail, PagedListView, PageHeader, TruncatedText } from '../../components/ui';
import { imageUrl, orNA } from '../../lib/format';
import { useBlogs, useDeleteBlog, useSaveBlog, type BlogFormValues } from './api';
import { BlogFormDialog } from './BlogFormDialog';
import { blogDescriptionPreview, blogPostedAt } from './blogText';

type FormState = { open: false } | { open: true; blog: Blog | null };

export function BlogsPage() {
  const blogs = useBlogs();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<Blog | null>(null);
  const closeForm = () => setForm({ open: false });
  const saveBlog = useSaveBlog({ onSuccess: closeForm });
  const deleteBlog = useDeleteBlog({ onSuccess: () => setToDelete(null) });
  const editing = form.open ? form.blog : null;

  const handleSubmit = (values: BlogFormValues) => {
    if (saveBlog.isPending) return;
    saveBlog.mutate({ id: editing?._id ?? null, version: editing?.version, values });
  };

  const columns = useMemo<ColumnDef<Blog, unknown>[]>(
    () => [
      { id: 'title', header: 'Title', cell: ({ row }) => <TruncatedText text={row.original.title} className="font-medium" /> },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row }) => (
          <TruncatedText
            text={blogDescriptionPreview(row.original.description)}
            fullText={row.original.description ?? undefined}
            className="min-w-48 max-w-md"
          />
        ),
      },
      { id: 'postedAt', header: 'Posted At', cell: ({ row }) => <span className="whitespace-nowrap">{blogPostedAt(row.original.createdAt)}</span> },
      { id: 'views', header: 'Views', cell: ({ row }) => row.original.views.toLocaleString('en-AU') },
      {
        id: 'image',
        header: 'Image',
        cell: ({ row }) => {
          const file = row.original.blogImg[0];
          return <ImageThumbnail src={file ? imageUrl.blog(file) : null} alt={`Image of ${row.original.title}`} size={48} />;
        },
      },
      { id: 'user', header: 'User', cell: ({ row }) => orNA(row.original.user) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <EditDeleteActions
            editLabel={`Edit blog: ${row.original.title}`}
            deleteLabel={`Delete blog: ${row.original.title}`}
            onEdit={() => setForm({ open: true, blog: row.original })}
            onDelete={() => setToDelete(row.original)}
          />
        ),
      },
    ],
    [],
  );

  return (
    <section>
      <PageHeader title="Blogs">
        <Button onClick={() => setForm({ open: true, blog: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Blog
        </Button>
      </PageHeader>
      <PagedListView list={blogs} columns={columns} getRowId={(blog) => blog._id} caption="Blogs" empty={<EmptyState title="No blogs found" />} />
      <BlogFormDialog open={form.open} blog={editing} isPending={saveBlog.isPending} onSubmit={handleSubmit} onClose={closeForm} />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete Blog"
        message="Are you sure you want to delete this blog?"
        deletion={deleteBlog}
      />
    </section>
  );
}
