import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { createSavedViewsService, type SavedViewActor } from './savedViews.service';

const viewActorOf = (request: FastifyRequest): SavedViewActor => ({ ...actorOf(request), roles: request.admin?.roles ?? [] });

/**
 * Saved views on the lists (docs/design.md §12). The rows are 'signed-in': the service checks per
 * list that the admin may open it (SAVED_VIEW_LIST_ROUTES), else 403.
 */
export async function savedViewsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const views = createSavedViewsService({ db: app.ctx.db });
  const tags = ['saved views'];

  app.route({ ...routeOptions('savedViews', tags), handler: (request) => views.listViews(request.params.list, viewActorOf(request)) });

  app.route({ ...routeOptions('createSavedView', tags), handler: (request) => views.createView(request.params.list, request.body, viewActorOf(request)) });

  app.route({ ...routeOptions('updateSavedView', tags), handler: (request) => views.changeView(request.params.id, request.body, viewActorOf(request)) });

  app.route({ ...routeOptions('deleteSavedView', tags), handler: (request) => views.removeView(request.params.id, viewActorOf(request)) });
}
