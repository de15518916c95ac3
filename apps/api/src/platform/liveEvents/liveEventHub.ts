import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { canCall, LIVE_RECORD_LISTS, UNCHANGING_AUDIT_ACTIONS, type LiveEventName, type RecordChange, type WorkQueueCount } from '@ute/contract';
import type { Db } from '../../db/database';
import { admins } from '../../db/tables/auth.table';

/** One open stream: a signed-in tab (docs/design.md §14). */
export interface LiveStream {
  adminId: string;
  roles: readonly string[];
  /** The bearer token it was opened with: checked again when the admin's access changes. */
  token: string;
  send(event: LiveEventName, data: unknown): void;
  close(): void;
}

export interface LiveEventHubDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The admin's sign-in, as the guard checks it: null once revoked, expired or deactivated. */
  authenticate(token: string): Promise<{ admin: { id: string; roles: string[] } } | null>;
  /** The work-queue counts an admin's sidebar shows (modules/dashboard). */
  workQueuesOf(admin: { id: string; roles: readonly string[] }): Promise<WorkQueueCount[]>;
}

/** What a record change's audit entry says (migration 0029's live_events_audit). */
interface AuditNotice {
  type: 'record';
  action: string;
  targetType: string;
  targetId: string | null;
  status: string | null;
  adminId: string | null;
  at: string;
}

/** What migration 0029's triggers send. */
type Notice = AuditNotice | { type: 'workQueues' } | { type: 'notification'; recipientId: string } | { type: 'access'; adminId: string };

/** Notices of work-queue changes that arrive within this long are answered with one read. */
const WORK_QUEUES_SETTLE_MS = 50;

/**
 * The streams of this process and what each hears (docs/design.md §14). Every process hears every
 * notice; a notice costs one read per process, never one per stream: the work queues are read once
 * per admin of the open streams, the acting admin's name once (and then kept).
 */
export function createLiveEventHub({ db, log, authenticate, workQueuesOf }: LiveEventHubDeps) {
  const streams = new Set<LiveStream>();
  const adminNames = new Map<string, string>();
  let workQueuesTimer: NodeJS.Timeout | undefined;

  async function nameOf(adminId: string | null): Promise<string | null> {
    if (!adminId) return null;
    const known = adminNames.get(adminId);
    if (known !== undefined) return known;
    const [row] = await db.select({ name: admins.name }).from(admins).where(eq(admins.id, adminId));
    if (row) adminNames.set(adminId, row.name);
    return row?.name ?? null;
  }

  const hearsOf = (stream: LiveStream, recordType: string) => {
    const list = LIVE_RECORD_LISTS[recordType];
    return list ? canCall(stream.roles, list) : stream.roles.includes('owner');
  };

  async function sendRecordChange({ action, targetType, targetId, status, adminId, at }: AuditNotice): Promise<void> {
    if (UNCHANGING_AUDIT_ACTIONS.includes(action) || !targetId) return;
    const change: RecordChange = { recordType: targetType, recordId: targetId, action, status: status ?? null, adminId, adminName: await nameOf(adminId), at };
    for (const stream of streams) if (hearsOf(stream, change.recordType)) stream.send('record', change);
  }

  /** Each stream's admin gets the counts their sidebar shows, read once per admin. */
  async function sendWorkQueues(): Promise<void> {
    const byAdmin = new Map<string, Promise<WorkQueueCount[]>>();
    for (const stream of streams) {
      const key = `${stream.adminId}:${stream.roles.join(',')}`;
      let counts = byAdmin.get(key);
      if (!counts) {
        counts = workQueuesOf({ id: stream.adminId, roles: stream.roles });
        byAdmin.set(key, counts);
      }
      stream.send('workQueues', await counts);
    }
  }

  function scheduleWorkQueues(): void {
    if (workQueuesTimer) return;
    workQueuesTimer = setTimeout(() => {
      workQueuesTimer = undefined;
      sendWorkQueues().catch((error) => log.warn({ err: error }, 'live events: reading the work queues failed'));
    }, WORK_QUEUES_SETTLE_MS);
  }

  /** The stream's sign-in is checked again: a revoked or expired one closes it, changed roles are kept. */
  async function recheckStream(stream: LiveStream): Promise<void> {
    const session = await authenticate(stream.token);
    if (!session) {
      stream.send('signedOut', {});
      stream.close();
    } else stream.roles = session.admin.roles;
  }

  async function recheckAccess(adminId: string): Promise<void> {
    adminNames.delete(adminId);
    await Promise.all([...streams].filter((stream) => stream.adminId === adminId).map(recheckStream));
  }

  async function handle(notice: Notice): Promise<void> {
    switch (notice.type) {
      case 'record':
        // An assignment moves the "mine" counts of the sidebar, which no counter trigger hears.
        if (notice.action.startsWith('work-item.')) scheduleWorkQueues();
        return sendRecordChange(notice);
      case 'workQueues':
        return scheduleWorkQueues();
      case 'notification':
        for (const stream of streams) if (stream.adminId === notice.recipientId) stream.send('notification', {});
        return;
      case 'access':
        return recheckAccess(notice.adminId);
    }
  }

  return {
    /** A NOTIFY payload of the channel. A payload this code does not know is ignored. */
    receive(payload: string): void {
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return;
      }
      handle(notice).catch((error) => log.warn({ err: error }, 'live events: a notice could not be sent on'));
    },
    /** After the LISTEN connection was lost: whatever was said meanwhile is unknown, so every tab reads afresh. */
    resync(): void {
      for (const stream of streams) stream.send('resync', {});
      scheduleWorkQueues();
    },
    add(stream: LiveStream): void {
      streams.add(stream);
    },
    remove(stream: LiveStream): void {
      streams.delete(stream);
    },
    workQueuesOf,
    /** How many streams this process holds (the benchmark's and the tests' reading). */
    get size(): number {
      return streams.size;
    },
    recheckStream,
    closeAll(): void {
      clearTimeout(workQueuesTimer);
      for (const stream of [...streams]) stream.close();
    },
  };
}

export type LiveEventHub = ReturnType<typeof createLiveEventHub>;
