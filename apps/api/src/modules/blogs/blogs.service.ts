import type { Blog, BlogFields } from '@ute/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import type { FileStorage, ImageKind } from '../../platform/storage/fileStorage';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import * as repo from './blogs.repository';

export interface BlogImage {
  bytes: Buffer;
  kind: ImageKind;
}

const AREA = 'blogImages';

export interface BlogsServiceDeps {
  db: Db;
  files: FileStorage;
  log: { warn: (obj: object, msg: string) => void };
}

export function createBlogsService({ db, files, log }: BlogsServiceDeps) {
  /** Writes the checked images under server-made names; on any failure removes what it wrote. */
  async function saveImages(images: BlogImage[]): Promise<string[]> {
    const names: string[] = [];
    try {
      for (const image of images) names.push(await files.save(AREA, image.bytes, image.kind));
      return names;
    } catch (error) {
      await removeFiles(names);
      throw error;
    }
  }

  async function removeFiles(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => files.remove(AREA, name).catch((error: unknown) => log.warn({ err: error, file: name }, 'blog image not removed'))));
  }

  /** Runs a change that refers to freshly saved files; if it fails, the files go too. */
  async function withSavedImages<T>(images: BlogImage[], change: (names: string[]) => Promise<T>): Promise<T> {
    const names = await saveImages(images);
    try {
      return await change(names);
    } catch (error) {
      await removeFiles(names);
      throw error;
    }
  }

  async function list(): Promise<Blog[]> {
    return (await repo.listBlogs(db)).map(repo.toBlogDto);
  }

  async function get(id: string): Promise<Blog> {
    const row = await repo.findBlogById(db, id);
    if (!row) throw notFound('Blog');
    return repo.toBlogDto(row);
  }

  async function create(fields: BlogFields, images: BlogImage[], actor: Actor): Promise<Blog> {
    return withSavedImages(images, (names) =>
      db.transaction(async (tx) => {
        const row = await repo.insertBlog(tx, {
          title: fields.title,
          description: fields.description,
          author: fields.user ? fields.user : null,
          views: fields.views ?? 0,
          comments: fields.comments ?? 0,
          images: names,
        });
        const dto = repo.toBlogDto(row);
        await writeAudit(tx, actor, { action: 'blog.create', targetType: 'blog', targetId: row.id, after: dto });
        return dto;
      }),
    );
  }

  /** Without new images the old ones stay; with new ones, old files no row uses any more are removed. */
  async function update(id: string, fields: BlogFields, images: BlogImage[], actor: Actor): Promise<Blog> {
    if (!(await repo.findBlogById(db, id))) throw notFound('Blog'); // before writing any file
    const { dto, replaced } = await withSavedImages(images, (names) =>
      db.transaction(async (tx) => {
        const before = await repo.findBlogById(tx, id, { forUpdate: true });
        if (!before) throw notFound('Blog');
        await assertUnchanged(tx, actor, { version: before.version, id, targetType: 'blog' });
        const row = await repo.updateBlog(tx, id, {
          title: fields.title,
          description: fields.description,
          ...(fields.user !== undefined ? { author: fields.user ? fields.user : null } : {}),
          ...(fields.views !== undefined ? { views: fields.views } : {}),
          ...(fields.comments !== undefined ? { comments: fields.comments } : {}),
          ...(names.length > 0 ? { images: names } : {}),
        });
        const after = repo.toBlogDto(row);
        await writeAudit(tx, actor, { action: 'blog.update', targetType: 'blog', targetId: id, before: repo.toBlogDto(before), after });
        return { dto: after, replaced: before.images.filter((name) => !row.images.includes(name)) };
      }),
    );
    if (replaced.length > 0) {
      const stillUsed = await repo.findReferencedImages(db, replaced);
      await removeFiles(replaced.filter((name) => !stillUsed.has(name)));
    }
    return dto;
  }

  async function remove(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const live = await repo.findBlogById(tx, id, { forUpdate: true });
      if (!live) throw notFound('Blog');
      await assertUnchanged(tx, actor, { version: live.version, id, targetType: 'blog' });
      const row = await repo.markBlogDeleted(tx, id);
      if (!row) throw notFound('Blog');
      await writeAudit(tx, actor, { action: 'blog.delete', targetType: 'blog', targetId: id, before: repo.toBlogDto(row) });
    });
  }

  return { list, get, create, update, remove };
}

export type BlogsService = ReturnType<typeof createBlogsService>;
