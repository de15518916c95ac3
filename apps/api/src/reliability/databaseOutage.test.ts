import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@ute/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/database';
import { upsertAdmin } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { loadConfig } from '../plugins/config';
import { createScratchDatabase, testPostgresServer, type ScratchDatabase } from '../test/scratchDatabase';
import { startTcpProxy } from './tcpProxy';

// Always against PostgreSQL: this is about a database server that goes away and comes back.
const baseUrl = testPostgresServer();
let scratch: ScratchDatabase;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ute-outage-'));
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  scratch = await createScratchDatabase('ute_outage', baseUrl);
  proxy = await startTcpProxy({ host: baseUrl.hostname, port: Number(baseUrl.port || 5432) });
  const url = new URL(scratch.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  database = openPostgres(url.toString(), 4);
  await database.migrate();
  await upsertAdmin(database.db, 'outage@test.local', await hashPassword('outage-password'));
  app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, logger: false });
  const signIn = await app.inject({ method: 'POST', url: `${API_BASE}/sign-in`, payload: { email: 'outage@test.local', password: 'outage-password' } });
  token = signIn.json().token;
});

afterAll(async () => {
  await app.close();
  await database.close();
  await proxy.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the database going away', () => {
  it('answers 503 with a clear message while it is gone, keeps running, and recovers when it returns', async () => {
    const dashboard = () => app.inject({ method: 'GET', url: `${API_BASE}/dashboard-data`, headers: { authorization: `Bearer ${token}` } });
    expect((await dashboard()).statusCode).toBe(200);

    proxy.cut();
    for (let i = 0; i < 3; i += 1) {
      const response = await dashboard();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is unavailable. Please try again shortly.' });
    }

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 20 && recovered === 0; i += 1) {
      if ((await dashboard()).statusCode === 200) recovered += 1;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(1);
  }, 60_000);
});
