import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_HEARTBEAT_MS } from '@ute/contract';
import { routeOptions } from '../../plugins/contractRoutes';
import { bearerTokenOf } from '../../plugins/authGuard';
import type { LiveStream } from '../../platform/liveEvents/liveEventHub';

/** What one stream may hold unsent before it is cut (a tab that stopped reading reconnects and reads afresh). */
const MAX_UNSENT_BYTES = 1 << 20;
/** Heartbeats between two checks of the stream's sign-in (a minute). */
const BEATS_PER_SIGN_IN_CHECK = 4;

/**
 * GET /events: this tab's Server-Sent Events (docs/design.md §14). The guard has checked the token
 * as for any call; the stream stays open until the tab goes, the admin signs out or is signed out
 * (the hub closes it), or the server stops. It starts with the work queues, so a tab needs no
 * separate read of them.
 */
export async function liveEventsRoutes(app: FastifyInstance): Promise<void> {
  const hub = app.ctx.liveEvents;
  app.route({
    ...routeOptions('liveEvents', ['live events']),
    handler: async (request, reply) => {
      const admin = request.admin!;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        // A buffering proxy (nginx) would hold the events back.
        'X-Accel-Buffering': 'no',
      });
      let isOpen = true;
      const write = (text: string) => {
        if (!isOpen) return;
        raw.write(text);
        if (raw.writableLength > MAX_UNSENT_BYTES) stream.close();
      };
      // A quiet stream says it is alive; every few beats it checks its sign-in, which may have expired.
      let beats = 0;
      const heartbeat = setInterval(() => {
        write(': alive\n\n');
        if (++beats % BEATS_PER_SIGN_IN_CHECK === 0) void hub.recheckStream(stream);
      }, LIVE_EVENTS_HEARTBEAT_MS);
      const stream: LiveStream = {
        adminId: admin.id,
        roles: admin.roles,
        token: bearerTokenOf(request)!,
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        close: () => {
          if (!isOpen) return;
          isOpen = false;
          clearInterval(heartbeat);
          hub.remove(stream);
          raw.end();
        },
      };
      request.raw.on('close', stream.close);
      hub.add(stream);
      write('retry: 2000\n\n');
      stream.send('workQueues', await hub.workQueuesOf(admin));
    },
  });
}
