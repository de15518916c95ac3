import type { BulkResponse, BulkRowResult } from '@ute/contract';
import { AppError } from './errors';

/**
 * A bulk action: `runOne` for each id in turn, each in its own transaction (the single-row action
 * itself, audit entry included), so one row that cannot be done leaves the others done. A refusal
 * (404, 409: "UTE is already Approved") makes that row skipped with the refusal's words; anything
 * else is a real failure and stops the call, the rows done so far staying done.
 */
export async function runBulk(ids: readonly string[], runOne: (id: string) => Promise<string>): Promise<BulkResponse> {
  const results: BulkRowResult[] = [];
  for (const id of ids) {
    try {
      results.push({ id, outcome: 'done', message: await runOne(id) });
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'NOT_FOUND' && error.code !== 'CONFLICT')) throw error;
      results.push({ id, outcome: 'skipped', message: error.message });
    }
  }
  const done = results.filter((result) => result.outcome === 'done').length;
  return { results, done, skipped: results.length - done };
}
