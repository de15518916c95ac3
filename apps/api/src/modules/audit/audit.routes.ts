import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendCsv } from '../../lib/csv';
import { actorOf, writeAudit } from '../../platform/audit/auditLog';
import { createAuditService } from './audit.service';

const rolesOf = (request: FastifyRequest): readonly string[] => request.admin?.roles ?? [];

/** Routes of the audit log: list, verify, CSV export (docs/design.md §8.2). Finance reads the money entries only. */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const audit = createAuditService({ db: app.ctx.db, anchorFile: app.ctx.config.AUDIT_ANCHOR_FILE });
  const tags = ['audit'];

  app.route({ ...routeOptions('auditLog', tags), handler: (request) => audit.listEntries(request.query, rolesOf(request)) });

  app.route({ ...routeOptions('auditVerify', tags), handler: (request) => audit.verify(actorOf(request)) });

  app.route({
    ...routeOptions('auditExport', tags),
    handler: async (request, reply) => {
      // Who took a copy of the log, and of which part, is itself recorded.
      await writeAudit(app.ctx.db, actorOf(request), { action: 'audit.export', targetType: 'audit_log', targetId: null, after: { filter: request.query } });
      return sendCsv(reply, 'audit-log', audit.exportCsv(request.query, rolesOf(request)));
    },
  });
}
