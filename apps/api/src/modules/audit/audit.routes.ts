import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditExportQuerySchema, auditListQuerySchema, auditListResponseSchema, auditVerifyResponseSchema, routePaths } from '@ute/contract';
import { sendCsv } from '../../lib/csv';
import { actorOf } from '../../plugins/context';
import { writeAudit } from './audit.repository';
import { createAuditService } from './audit.service';

const rolesOf = (request: FastifyRequest): readonly string[] => request.admin?.roles ?? [];

/** Routes of the audit log: list, verify, CSV export (issue 15). Finance reads the money entries only. */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const audit = createAuditService({ db: app.ctx.db, anchorFile: app.ctx.config.AUDIT_ANCHOR_FILE });
  const tags = ['audit'];

  app.get(routePaths.auditLog, { schema: { tags, querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } } }, (request) =>
    audit.listEntries(request.query, rolesOf(request)),
  );

  app.post(routePaths.auditVerify, { schema: { tags, response: { 200: auditVerifyResponseSchema } } }, (request) => audit.verify(actorOf(request)));

  app.get(routePaths.auditExport, { schema: { tags, querystring: auditExportQuerySchema } }, async (request, reply) => {
    // Who took a copy of the log, and of which part, is itself recorded.
    await writeAudit(app.ctx.db, actorOf(request), { action: 'audit.export', targetType: 'audit_log', targetId: null, after: { filter: request.query } });
    return sendCsv(reply, 'audit-log', audit.exportCsv(request.query, rolesOf(request)));
  });
}
