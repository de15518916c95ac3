import { useId, useState, type FormEvent } from 'react';
import type { Blog } from '@ute/contract';
import { Button, Modal } from '../../components/ui';
import type { BlogFormValues } from './api';

export interface BlogFormDialogProps {
  open: boolean;
  /** The blog being edited; null to add a new one. */
  blog: Blog | null;
  isPending: boolean;
  onSubmit: (values: BlogFormValues) => void;
  onClose: () => void;
}

const fieldClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

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
  const ids = { title: useId(), description: useId(), image: useId(), user: useId() };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit({ title, description, user, image, views: blog?.views, comments: blog?.comments });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.title} className="text-sm font-medium text-slate-800">
          Title
        </label>
        <input id={ids.title} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Enter Title" className={fieldClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.description} className="text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          id={ids.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="Enter Description"
          rows={5}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.image} className="text-sm font-medium text-slate-800">
          Image
        </label>
        <input
          id={ids.image}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        {blog && blog.blogImg.length > 0 && !image && <p className="text-xs text-slate-600">Leave empty to keep the current image.</p>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.user} className="text-sm font-medium text-slate-800">
          User Name
        </label>
        <input id={ids.user} value={user} onChange={(event) => setUser(event.target.value)} placeholder="Enter User Name" className={fieldClass} />
      </div>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={isPending || undefined}>
          {blog ? (isPending ? 'Updating...' : 'Update') : isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
