import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { blogMessages } from '@ute/contract';
import { actorOf } from '../../platform/audit/auditLog';
import { readBlogForm } from './blogs.form';
import { createBlogsService } from './blogs.service';

export async function blogsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const blogs = createBlogsService({ db: app.ctx.db, files: app.ctx.files, log: app.ctx.log });
  const tags = ['blogs'];
  app.route({ ...routeOptions('blogs', tags), handler: async () => ({ data: await blogs.list() }) });

  app.route({ ...routeOptions('blog', tags), handler: async (request) => ({ data: await blogs.get(request.params.id) }) });

  // Multipart forms: title, description, user, views, comments and the blogImg file(s); see readBlogForm.
  app.route({
    ...routeOptions('createBlog', tags),
    handler: async (request) => {
      const { fields, images } = await readBlogForm(request);
      return { message: blogMessages.created, data: await blogs.create(fields, images, actorOf(request)) };
    },
  });

  app.route({
    ...routeOptions('updateBlog', tags),
    handler: async (request) => {
      const { fields, images } = await readBlogForm(request);
      return { message: blogMessages.updated, data: await blogs.update(request.params.id, fields, images, actorOf(request)) };
    },
  });

  app.route({
    ...routeOptions('deleteBlog', tags),
    handler: async (request) => {
      await blogs.remove(request.params.id, actorOf(request));
      return { message: blogMessages.deleted };
    },
  });
}
