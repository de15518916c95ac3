import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { createNotificationDigestService } from './notificationDigest.service';
import { createNotificationsService } from './notifications.service';

/** The signed-in admin (the guard lets no one else through): every call reads and marks their own. */
const adminIdOf = (request: FastifyRequest): string => actorOf(request).adminId;

/** The header's inbox (docs/design.md §13). The rows are 'signed-in': each admin has their own. */
export async function notificationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationsService({ db: app.ctx.db });
  const digest = createNotificationDigestService({ db: app.ctx.db, mailer: app.ctx.mailer, publicUrl: app.ctx.config.PUBLIC_URL });
  const tags = ['notifications'];

  app.route({ ...routeOptions('notifications', tags), handler: (request) => notifications.listMine(adminIdOf(request)) });

  app.route({ ...routeOptions('readNotification', tags), handler: (request) => notifications.readOne(request.params.id, adminIdOf(request)) });

  app.route({ ...routeOptions('readAllNotifications', tags), handler: (request) => notifications.readAll(adminIdOf(request)) });

  // My daily e-mail digest (Security): read and set on my own row only.
  app.route({ ...routeOptions('notificationDigest', tags), handler: (request) => digest.readMine(adminIdOf(request)) });

  app.route({
    ...routeOptions('setNotificationDigest', tags),
    handler: (request) => digest.setMine(adminIdOf(request), request.body, actorOf(request)),
  });
}
