import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  faqBodySchema,
  faqListResponseSchema,
  faqMessages,
  faqMutationResponseSchema,
  faqResponseSchema,
  faqUpdateBodySchema,
  idParamSchema,
  messageSchema,
  routePaths,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { createFaqService } from './faq.service';

export async function faqRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const faqs = createFaqService({ db: app.ctx.db });
  const tags = ['faq'];

  app.post(routePaths.createFaq, { schema: { tags, body: faqBodySchema, response: { 200: faqMutationResponseSchema } } }, async (request) => ({
    message: faqMessages.created,
    data: await faqs.create(request.body, actorOf(request)),
  }));

  app.get(routePaths.faqs, { schema: { tags, response: { 200: faqListResponseSchema } } }, async () => ({ data: await faqs.list() }));

  app.get(routePaths.faq, { schema: { tags, params: idParamSchema, response: { 200: faqResponseSchema } } }, async (request) => ({
    data: await faqs.get(request.params.id),
  }));

  app.put(
    routePaths.updateFaq,
    { schema: { tags, params: idParamSchema, body: faqUpdateBodySchema, response: { 200: faqMutationResponseSchema } } },
    async (request) => ({ message: faqMessages.updated, data: await faqs.update(request.params.id, request.body, actorOf(request)) }),
  );

  app.put(routePaths.deleteFaq, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await faqs.remove(request.params.id, actorOf(request));
    return { message: faqMessages.deleted };
  });
}
