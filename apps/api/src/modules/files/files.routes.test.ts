import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/database';
import { loadConfig } from '../../plugins/config';
import { makeDemoPng } from '../../seed/png';
import { createTestApp, engine, type TestApp } from '../../test/testApp';

// A fixed signing key, so that a second app on the same database (another api process) signs alike.
const JWT_SECRET = randomBytes(32).toString('hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JWT_SECRET } });
});
afterAll(() => t.close());

const png = makeDemoPng(30, 20, [200, 40, 40]);
/** The smallest real GIF: 1x1, one colour. */
const gif = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
  Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
]);
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`uploaded files (${engine})`, () => {
  it('serves a stored public file with its bytes, type, length, nosniff and a day of caching', async () => {
    const name = await t.app.ctx.files.save('uteImages', png, 'png');
    const response = await get(`/images/ute-images/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(png.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('gives each file the content type of its kind', async () => {
    const name = await t.app.ctx.files.save('blogImages', gif, 'gif');
    expect(name).toMatch(/\.gif$/);
    const response = await get(`/blogImg/${name}`);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.rawPayload.equals(gif)).toBe(true);
  });

  it('serves a private file only with a valid signature, never cached', async () => {
    const name = await t.app.ctx.files.save('receipts', png, 'png');
    const signed = t.app.ctx.files.signedUrl('receipts', name);
    const ok = await get(signed);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(png)).toBe(true);
    expect(ok.headers['cache-control']).toBe('private, no-store');

    const unsigned = await get(`/payment/${name}`);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toEqual({ message: 'This link is invalid or has expired' });
    const tampered = await get(signed.replace(/sig=([0-9a-f])/, (_all, first: string) => `sig=${first === '0' ? '1' : '0'}`));
    expect(tampered.statusCode).toBe(403);
    // A signature is for one area: the same name under another private area is refused.
    expect((await get(signed.replace('/payment/', '/images/licences/'))).statusCode).toBe(403);
  });

  it('keeps areas apart: a name stored in one area is unknown in another', async () => {
    const name = await t.app.ctx.files.save('jobImages', png, 'png');
    expect((await get(`/jobImg/${name}`)).statusCode).toBe(200);
    expect((await get(`/blogImg/${name}`)).statusCode).toBe(404);
  });

  it('answers 404 with the envelope once a file is removed, and for a name never stored', async () => {
    const name = await t.app.ctx.files.save('blogImages', png, 'png');
    expect((await get(`/blogImg/${name}`)).statusCode).toBe(200);
    await t.app.ctx.files.remove('blogImages', name);
    const removed = await get(`/blogImg/${name}`);
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual({ message: 'File not found' });
    const unknown = await get('/blogImg/never-stored.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'File not found' });
    const signedUnknown = await get(t.app.ctx.files.signedUrl('licences', 'never-stored.png'));
    expect(signedUnknown.statusCode).toBe(404);
  });

  it('keeps a file that is saved again under its name (the seed run twice)', async () => {
    await t.app.ctx.files.saveIfAbsent('uteImages', 'fixed-name.png', png);
    await t.app.ctx.files.saveIfAbsent('uteImages', 'fixed-name.png', gif);
    expect((await get('/images/ute-images/fixed-name.png')).rawPayload.equals(png)).toBe(true);
  });
});

describe.runIf(engine === 'postgres')('uploaded files across api processes (PostgreSQL)', () => {
  it('are served by a second app on the same database, private ones with the first one signature', async () => {
    const otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'ute-files-other-'));
    const otherDatabase = openPostgres(t.database.url!, 2);
    const other = await buildApp({ config: loadConfig({ DATA_DIR: otherDataDir, LOG_LEVEL: 'silent', JWT_SECRET }), database: otherDatabase, logger: false });
    try {
      const publicName = await t.app.ctx.files.save('blogImages', png, 'png');
      const publicFile = await other.inject({ method: 'GET', url: `/blogImg/${publicName}` });
      expect(publicFile.statusCode).toBe(200);
      expect(publicFile.rawPayload.equals(png)).toBe(true);

      const privateName = await t.app.ctx.files.save('licences', gif, 'gif');
      const privateFile = await other.inject({ method: 'GET', url: t.app.ctx.files.signedUrl('licences', privateName) });
      expect(privateFile.statusCode).toBe(200);
      expect(privateFile.headers['content-type']).toBe('image/gif');
      expect(privateFile.rawPayload.equals(gif)).toBe(true);

      await other.ctx.files.remove('blogImages', publicName);
      expect((await get(`/blogImg/${publicName}`)).statusCode).toBe(404);
    } finally {
      await other.close();
      await otherDatabase.close();
      rmSync(otherDataDir, { recursive: true, force: true });
    }
  });
});
