import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogListResponseSchema, blogMessages, blogMutationResponseSchema, blogResponseSchema, idParamSchema, messageSchema, routePaths } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { readBlogForm } from './blogs.form';
import { createBlogsService } from './blogs.service';

export async function blogsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const blogs = createBlogsService({ db: app.ctx.db, files: app.ctx.files, log: app.ctx.log });
  const tags = ['blogs'];
  // Multipart forms: title, description, user, views, comments and the blogImg file(s); see readBlogForm.
  const form = { consumes: ['multipart/form-data'] };

  app.get(routePaths.blogs, { schema: { tags, response: { 200: blogListResponseSchema } } }, async () => ({ data: await blogs.list() }));

  app.get(routePaths.blog, { schema: { tags, params: idParamSchema, response: { 200: blogResponseSchema } } }, async (request) => ({
    data: await blogs.get(request.params.id),
  }));

  app.post(routePaths.createBlog, { schema: { tags, ...form, response: { 200: blogMutationResponseSchema } } }, async (request) => {
    const { fields, images } = await readBlogForm(request);
    return { message: blogMessages.created, data: await blogs.create(fields, images, actorOf(request)) };
  });

  app.put(routePaths.updateBlog, { schema: { tags, ...form, params: idParamSchema, response: { 200: blogMutationResponseSchema } } }, async (request) => {
    const { fields, images } = await readBlogForm(request);
    return { message: blogMessages.updated, data: await blogs.update(request.params.id, fields, images, actorOf(request)) };
  });

  app.put(routePaths.deleteBlog, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await blogs.remove(request.params.id, actorOf(request));
    return { message: blogMessages.deleted };
  });
}
