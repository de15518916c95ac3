import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { faqMessages } from '@ute/contract';
import { actorOf } from '../../platform/audit/auditLog';
import { createFaqService } from './faq.service';

export async function faqRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const faqs = createFaqService({ db: app.ctx.db });
  const tags = ['faq'];

  app.route({
    ...routeOptions('createFaq', tags),
    handler: async (request) => ({ message: faqMessages.created, data: await faqs.create(request.body, actorOf(request)) }),
  });

  app.route({ ...routeOptions('faqs', tags), handler: async () => ({ data: await faqs.list() }) });

  app.route({ ...routeOptions('faq', tags), handler: async (request) => ({ data: await faqs.get(request.params.id) }) });

  app.route({
    ...routeOptions('updateFaq', tags),
    handler: async (request) => ({ message: faqMessages.updated, data: await faqs.update(request.params.id, request.body, actorOf(request)) }),
  });

  app.route({
    ...routeOptions('deleteFaq', tags),
    handler: async (request) => {
      await faqs.remove(request.params.id, actorOf(request));
      return { message: faqMessages.deleted };
    },
  });
}
