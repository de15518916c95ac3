import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogListResponseSchema, blogMessages, blogMutationResponseSchema, blogResponseSchema, idParamSchema, messageSchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { readBlogForm } from './blogs.form';
import { createBlogsService } from './blogs.service';

export async function blogsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const blogs = createBlogsService(app.ctx.db, app.ctx.files, app.ctx.log);
  const tags = ['blogs'];
  // Multipart forms: title, description, user, views, comments and the blogImg file(s); see readBlogForm.
  const form = { consumes: ['multipart/form-data'] };

  app.get('/all-blogs', { schema: { tags, response: { 200: blogListResponseSchema } } }, async () => ({ data: await blogs.list() }));

  app.get('/blog-detail/:id', { schema: { tags, params: idParamSchema, response: { 200: blogResponseSchema } } }, async (request) => ({
    data: await blogs.get(request.params.id),
  }));

  app.post('/create-blog', { schema: { tags, ...form, response: { 200: blogMutationResponseSchema } } }, async (request) => {
    const { fields, images } = await readBlogForm(request);
    return { message: blogMessages.created, data: await blogs.create(fields, images, actorOf(request)) };
  });

  app.put('/update-blog/:id', { schema: { tags, ...form, params: idParamSchema, response: { 200: blogMutationResponseSchema } } }, async (request) => {
    const { fields, images } = await readBlogForm(request);
    return { message: blogMessages.updated, data: await blogs.update(request.params.id, fields, images, actorOf(request)) };
  });

  app.put('/delete-blog/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await blogs.remove(request.params.id, actorOf(request));
    return { message: blogMessages.deleted };
  });
}
