import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';
import { JOB_SCHEMA, JobQueue, type SqlExecutor } from './jobQueue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JOB_TIMEOUT_SECONDS = 2;

describe('JobQueue.stop', () => {
  it('sends the database nothing once stopped: not the late end of a job under way, nor its expiry', async () => {
    const sent: string[] = [];
    let isCounting = false;
    const counted: SqlExecutor = {
      executeSql: (text, values) => {
        if (isCounting) sent.push(text);
        return t.database.sqlExecutor.executeSql(text, values);
      },
    };
    const queue = new JobQueue(counted, t.app.log, { jobTimeoutSeconds: JOB_TIMEOUT_SECONDS, pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000 });
    await queue.start();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => {
      void queue.work('analytics-refresh', async () => {
        resolve();
        await released;
      });
    });
    await queue.send('analytics-refresh', {});
    await started;

    await queue.stop();
    isCounting = true;
    // The job ends after the stop, and pg-boss's expiry timer of its claim fires later still.
    release();
    await new Promise((resolve) => setTimeout(resolve, (JOB_TIMEOUT_SECONDS + 1) * 1000));
    expect(sent).toEqual([]);
    // stop() failed the job under way: it comes back.
    const { rows } = await t.database.sqlExecutor.executeSql(`select state from ${JOB_SCHEMA}.job where name = 'analytics-refresh'`);
    expect(rows).toEqual([{ state: 'retry' }]);
  }, 20_000);
});
