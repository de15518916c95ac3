import { useState, type FormEvent } from 'react';
import type { Blog } from '@ute/contract';
import { Field, fieldClass, Modal, SaveCancelButtons } from '../../components/ui';
import type { BlogFormValues } from './api';

export interface BlogFormDialogProps {
  open: boolean;
  /** The blog being edited; null to add a new one. */
  blog: Blog | null;
  isPending: boolean;
  onSubmit: (values: BlogFormValues) => void;
  onClose: () => void;
}

/** 'Add a New Blog' / 'Edit Blog': title, description, image file and user name. The server validates. */
export function BlogFormDialog({ open, blog, isPending, onSubmit, onClose }: BlogFormDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={blog ? 'Edit Blog' : 'Add a New Blog'}>
      <BlogForm key={blog?._id ?? 'new'} blog={blog} isPending={isPending} onSubmit={onSubmit} onCancel={onClose} />
    </Modal>
  );
}

function BlogForm({
  blog,
  isPending,
  onSubmit,
  onCancel,
}: {
  blog: Blog | null;
  isPending: boolean;
  onSubmit: (values: BlogFormValues) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(blog?.title ?? '');
  const [description, setDescription] = useState(blog?.description ?? '');
  const [user, setUser] = useState(blog?.user ?? '');
  const [image, setImage] = useState<File | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit({ title, description, user, image, views: blog?.views, comments: blog?.comments });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label="Title">
        {(id) => <input id={id} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Enter Title" className={fieldClass} />}
      </Field>
      <Field label="Description">
        {(id) => (
          <textarea
            id={id}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Enter Description"
            rows={5}
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Image">
        {(id) => (
          <>
            <input
              id={id}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            />
            {blog && blog.blogImg.length > 0 && !image && <p className="text-xs text-slate-600">Leave empty to keep the current image.</p>}
          </>
        )}
      </Field>
      <Field label="User Name">
        {(id) => <input id={id} value={user} onChange={(event) => setUser(event.target.value)} placeholder="Enter User Name" className={fieldClass} />}
      </Field>
      <SaveCancelButtons isEditing={blog !== null} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
