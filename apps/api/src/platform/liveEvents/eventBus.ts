import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/database';

/** The channel migration 0029's triggers notify on (docs/design.md §14). */
export const LIVE_EVENTS_CHANNEL = 'admin_events';

/** How long a lost LISTEN connection waits before it connects again. */
const RECONNECT_DELAY_MS = 1000;

export interface EventBus {
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Hears every notification of the channel, from every process's transactions (docs/design.md §14).
 * PostgreSQL: one connection of its own, outside the pool, kept open and opened again when lost
 * (`onReconnect` then runs: whatever was said meanwhile is lost, so the streams read afresh). PGlite:
 * its own LISTEN, in the one process there is.
 */
export async function listenToEvents(
  database: Database,
  log: FastifyBaseLogger,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<EventBus> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(LIVE_EVENTS_CHANNEL, onPayload);
    return { close: () => (database.pglite!.closed ? Promise.resolve() : unlisten()) };
  }
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: database.url });
    next.on('notification', (message) => {
      if (message.channel === LIVE_EVENTS_CHANNEL && message.payload) onPayload(message.payload);
    });
    const scheduleReconnect = () => {
      if (isClosed || client !== next) return;
      client = null;
      retry = setTimeout(() => void connect(true).catch(() => {}), RECONNECT_DELAY_MS);
    };
    next.on('error', (error) => {
      log.warn({ err: error }, 'live events: the LISTEN connection failed');
      scheduleReconnect();
    });
    next.on('end', scheduleReconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
      if (isReconnect) onReconnect();
    } catch (error) {
      log.warn({ err: error }, 'live events: could not LISTEN');
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  };
  await connect(false);
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
