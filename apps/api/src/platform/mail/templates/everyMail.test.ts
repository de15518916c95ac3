import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../../lib/paths';

/** The api's source files outside this folder that write a mail's subject: none, every mail is a template here. */
function filesWritingSubjects(): string[] {
  const templates = path.join(apiRoot, 'src/platform/mail/templates');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (file !== templates && entry.name !== 'test') walk(file);
      } else if (file.endsWith('.ts') && !file.endsWith('.test.ts') && /\bsubject:\s*[`'"]/.test(readFileSync(file, 'utf8'))) {
        found.push(path.relative(apiRoot, file));
      }
    }
  };
  walk(path.join(apiRoot, 'src'));
  return found;
}

describe('every mail', () => {
  it('is a named template of platform/mail/templates, rendered by its test', () => {
    expect(filesWritingSubjects()).toEqual([]);
  });
});
