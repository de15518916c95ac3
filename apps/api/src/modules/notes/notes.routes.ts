import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendCsv } from '../../lib/csv';
import { actorOf, writeAudit } from '../../platform/audit/auditLog';
import { createNotesService, type NoteAdminActor } from './notes.service';

const rolesOf = (request: FastifyRequest): readonly string[] => request.admin?.roles ?? [];
const noteActorOf = (request: FastifyRequest): NoteAdminActor => ({ ...actorOf(request), roles: rolesOf(request) });

/**
 * Internal notes on every record (docs/design.md §11). The rows are 'signed-in': the service checks
 * per record type that the admin may open that type's list (NOTE_RECORD_LISTS), else 403.
 */
export async function notesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notes = createNotesService({ db: app.ctx.db });
  const tags = ['notes'];

  app.route({ ...routeOptions('mentionableAdmins', tags), handler: () => notes.listMentionableAdmins() });

  app.route({ ...routeOptions('recordNotes', tags), handler: (request) => notes.listNotes(request.params, rolesOf(request)) });

  app.route({ ...routeOptions('createNote', tags), handler: (request) => notes.createNote(request.params, request.body.body, noteActorOf(request)) });

  app.route({ ...routeOptions('updateNote', tags), handler: (request) => notes.updateNote(request.params.id, request.body.body, noteActorOf(request)) });

  app.route({ ...routeOptions('retractNote', tags), handler: (request) => notes.retractNote(request.params.id, request.body.body, noteActorOf(request)) });

  app.route({
    ...routeOptions('notesExport', tags),
    handler: async (request, reply) => {
      // As the audit log's own export: who took a copy of the notes is recorded.
      await writeAudit(app.ctx.db, actorOf(request), { action: 'note.export', targetType: 'audit_log', targetId: null, after: { filter: request.query } });
      return sendCsv(reply, 'record-notes', notes.exportCsv(request.query, rolesOf(request)));
    },
  });
}
