import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { createAssignmentsService, type WorkItemActor } from './assignments.service';

const workItemActorOf = (request: FastifyRequest): WorkItemActor => ({ ...actorOf(request), roles: request.admin?.roles ?? [] });

/**
 * Assignment of work items and the overdue thresholds (docs/design.md §15). The assignment rows are
 * 'signed-in': the service checks the queue's list (WORK_QUEUE_LISTS) per item, else 403.
 */
export async function assignmentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const assignments = createAssignmentsService({ db: app.ctx.db });
  const tags = ['assignments'];

  app.route({ ...routeOptions('assignWorkItem', tags), handler: (request) => assignments.assign(request.params, request.body, workItemActorOf(request)) });
  app.route({ ...routeOptions('takeWorkItem', tags), handler: (request) => assignments.take(request.params, request.body, workItemActorOf(request)) });
  app.route({ ...routeOptions('releaseWorkItem', tags), handler: (request) => assignments.release(request.params, request.body, workItemActorOf(request)) });
  app.route({ ...routeOptions('workQueueThresholds', tags), handler: () => assignments.getThresholds() });
  app.route({ ...routeOptions('updateWorkQueueThresholds', tags), handler: (request) => assignments.updateThresholds(request.body, actorOf(request)) });
}
