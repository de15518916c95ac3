import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BLOG_IMAGE_MAX_BYTES, blogMessages } from '@ute/contract';
import { queryRows } from '../../db/database';
import { makeDemoPng, withPngChunk } from '../../seed/png';
import { createBlog as insertBlog } from '../../test/factories';
import { listStoredFiles, listStoredNames } from '../../test/storedFiles';
import { createTestApp, type TestApp } from '../../test/testApp';
import { checkBlogImage } from './blogImage';
import { blogs } from '../../db/tables/blogs.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

// ---- image factories ----
const png = (rgb: [number, number, number] = [10, 120, 200]) => makeDemoPng(24, 16, rgb);
/** A valid PNG of exactly `size` bytes: a private ancillary chunk of zeros pads it. */
function pngOfSize(size: number): Buffer {
  const base = png();
  return withPngChunk(base, 'prVt', Buffer.alloc(size - base.length - 12));
}
const pngWithText = (text: string) => withPngChunk(png(), 'tEXt', Buffer.from(`Comment\0${text}`, 'latin1'));
/** The smallest real GIF: 1x1, one colour. */
const gif = () =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
  ]);
/** A tiny baseline-shaped JPEG: SOI, APP0, SOS with two bytes of data, EOI. */
const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]),
    Buffer.from([0x12, 0x34, 0xff, 0xd9]),
  ]);
/** One JPEG segment: marker, length, data. */
function jpegSegment(marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
}
/** The tiny JPEG with more segments just after its SOI, where cameras put theirs. */
const jpegWith = (...segments: Buffer[]) => Buffer.concat([jpeg().subarray(0, 2), ...segments, jpeg().subarray(2)]);
/** A GIF extension block: introducer, label, the data in sub-blocks, terminator. */
const gifExtension = (label: number, ...blocks: string[]) =>
  Buffer.concat([
    Buffer.from([0x21, label]),
    ...blocks.map((block) => Buffer.concat([Buffer.from([block.length]), Buffer.from(block, 'latin1')])),
    Buffer.from([0]),
  ]);
/** The tiny GIF with more extension blocks before its image (after header, screen descriptor and colour table). */
const gifWith = (...extensions: Buffer[]) => Buffer.concat([gif().subarray(0, 19), ...extensions, gif().subarray(19)]);
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** The payload of a JPEG APP1 XMP segment. */
const xmpSegment = (packet: string) => jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${packet}`, 'utf8'));
const xmpPacket = (description: string) =>
  [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 6.0.0">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    '   xmp:CreatorTool="GIMP 2.10" tiff:Orientation="1" tiff:Make="Canon">',
    `   <dc:description>${description}</dc:description>`,
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
/** A plain camera EXIF segment: a little-endian TIFF header and one IFD with Make and Model. */
function exifSegment(): Buffer {
  const make = Buffer.from('Canon\0', 'latin1');
  const model = Buffer.from('Canon EOS 80D\0', 'latin1');
  const tiff = Buffer.alloc(38 + make.length + model.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  for (const [index, [tag, value, at]] of (
    [
      [0x010f, make, 38],
      [0x0110, model, 38 + make.length],
    ] as const
  ).entries()) {
    const entry = 10 + index * 12;
    tiff.writeUInt16LE(tag, entry);
    tiff.writeUInt16LE(2, entry + 2); // ASCII
    tiff.writeUInt32LE(value.length, entry + 4);
    tiff.writeUInt32LE(at, entry + 8);
    value.copy(tiff, at);
  }
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}
/** A PNG iTXt chunk's data: keyword, compression flag and method, language, translated keyword, text. */
const iTxt = (text: string, isCompressed: boolean) =>
  Buffer.concat([
    Buffer.from('Description\0', 'latin1'),
    Buffer.from([isCompressed ? 1 : 0, 0]),
    Buffer.from('en\0\0', 'latin1'),
    isCompressed ? deflateSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8'),
  ]);
const zTxt = (text: string) => Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.from(text, 'latin1'))]);
const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** Images whose metadata carries markup or script, one per container; each must be refused. */
const METADATA_POLYGLOTS: [string, Buffer][] = [
  ['a PNG tEXt chunk with <svg onload=alert(1)>', pngWithText('<svg onload=alert(1)>')],
  ['a PNG zTXt chunk (deflated) with <script>', withPngChunk(png(), 'zTXt', zTxt('<script>alert(1)</script>'))],
  ['a PNG iTXt chunk (compressed) with javascript:', withPngChunk(png(), 'iTXt', iTxt('<a href="javascript:alert(1)">x</a>', true))],
  ['a PNG iTXt chunk with an SVG document', withPngChunk(png(), 'iTXt', iTxt('<svg xmlns="http://www.w3.org/2000/svg"/>', false))],
  ['a PNG tEXt chunk with an entity-hidden javascript:', pngWithText('<a href="java&Tab;script&colon;alert(1)">x</a>')],
  ['a GIF comment with <svg/onload=...> split over sub-blocks', gifWith(gifExtension(GIF_COMMENT, '<svg/onl', 'oad=alert(1)>'))],
  ['a GIF application extension with an XML document', gifWith(gifExtension(GIF_APPLICATION, 'XMP DataXMP', '<?xml version="1.0"?><x/>'))],
  ['a JPEG COM segment with onerror=', jpegWith(jpegSegment(0xfe, Buffer.from('<img src=x onerror=alert(1)>', 'latin1')))],
  ['a JPEG COM segment in UTF-16 with onerror=', jpegWith(jpegSegment(0xfe, utf16('<img src=x onerror=alert(1)>')))],
  ['a JPEG APP1 XMP packet with <svg', jpegWith(exifSegment(), xmpSegment(xmpPacket('<svg xmlns="http://www.w3.org/2000/svg"><circle r="9"/></svg>')))],
  ['a JPEG APP1 XMP packet with vbscript:', jpegWith(xmpSegment(xmpPacket('&lt;a href="vbscript:msgbox(1)"&gt;x&lt;/a&gt;')))],
  ['a JPEG APP13 segment with data:text/html', jpegWith(jpegSegment(0xed, Buffer.from('Photoshop 3.0\0<a href="data:text/html,x">', 'latin1')))],
];

/** Images with ordinary metadata; each must be accepted. */
const CLEAN_WITH_METADATA: [string, Buffer, string][] = [
  ['a PNG with a tEXt comment', pngWithText('Created with GIMP'), 'png'],
  [
    'a PNG with zTXt and iTXt text',
    withPngChunk(withPngChunk(png(), 'zTXt', zTxt('Created with GIMP')), 'iTXt', iTxt(xmpPacket('A ute at sunset'), true)),
    'png',
  ],
  [
    'a GIF with a comment and a NETSCAPE loop',
    gifWith(gifExtension(GIF_APPLICATION, 'NETSCAPE2.0', '\x01\x00\x00'), gifExtension(GIF_COMMENT, 'Created with GIMP')),
    'gif',
  ],
  [
    'a camera JPEG with EXIF, XMP and a comment',
    jpegWith(exifSegment(), xmpSegment(xmpPacket('A ute at sunset')), jpegSegment(0xfe, Buffer.from('Created with GIMP'))),
    'jpeg',
  ],
  ['a multi-picture JPEG (a photo and its preview)', Buffer.concat([jpegWith(exifSegment()), jpeg()]), 'jpeg'],
];

const webp = () => {
  const payload = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([5, 0, 0, 0, 0x2f, 0, 0, 0, 0])]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload]);
};

// ---- multipart ----
type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };
async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? 'image/png' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
const textFields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({ title: 'A blog title', description: 'A description of the blog.', user: 'Jane Writer', views: '12', comments: '3', ...overrides }).map(
    ([name, value]) => ({ name, value }),
  );

async function send(method: 'POST' | 'PUT', url: string, parts: Part[], token?: string | null) {
  const { payload, headers } = await multipart(parts);
  return t.request({ method, url, payload, headers, token });
}

interface BlogDto {
  _id: string;
  title: string;
  description: string | null;
  blogImg: string[];
  user: string | null;
  views: number;
  comments: number;
  createdAt: string;
}
async function createBlog(parts: Part[] = [...textFields(), { name: 'blogImg', file: png(), filename: 'photo.png' }]): Promise<BlogDto> {
  const response = await send('POST', '/create-blog', parts);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BlogDto }>().data;
}

/** The blog images the app's storage holds (a folder on PGlite, rows on PostgreSQL). */
const storedBlogImages = () => listStoredNames(t, 'blogImages');
function allFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((name) => statSync(name).isFile())
    .sort();
}
async function auditCount(targetId: string, action: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from audit_log where target_id = ${targetId} and action = ${action}`,
  );
  return row.count;
}

describe('checkBlogImage', () => {
  it('accepts whole PNG, GIF, JPEG and WebP files', () => {
    expect(checkBlogImage(png())).toBe('png');
    expect(checkBlogImage(gif())).toBe('gif');
    expect(checkBlogImage(jpeg())).toBe('jpeg');
    expect(checkBlogImage(webp())).toBe('webp');
  });

  it('refuses truncated files, trailing data, bad checksums and markup', () => {
    const good = png();
    expect(checkBlogImage(good.subarray(0, good.length - 5))).toBeNull();
    expect(checkBlogImage(Buffer.concat([good, Buffer.from('<html>')]))).toBeNull();
    const badCrc = Buffer.from(good);
    badCrc[20] ^= 0xff;
    expect(checkBlogImage(badCrc)).toBeNull();
    expect(checkBlogImage(pngWithText('<script>alert(1)</script>'))).toBeNull();
    expect(checkBlogImage(pngWithText('plain words only'))).toBe('png');
    expect(checkBlogImage(Buffer.concat([gif(), Buffer.from('*/=alert(1);')]))).toBeNull();
    expect(checkBlogImage(Buffer.concat([jpeg(), Buffer.from('<?php echo 1; ?>')]))).toBeNull();
    expect(checkBlogImage(Buffer.concat([webp(), Buffer.from('xxxxxxxx')]))).toBeNull();
    expect(checkBlogImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(checkBlogImage(Buffer.concat([jpeg(), Buffer.from('trailing bytes')]))).toBeNull();
  });

  it.each(METADATA_POLYGLOTS)('refuses %s', (_label, file) => {
    expect(checkBlogImage(file)).toBeNull();
  });

  it.each(CLEAN_WITH_METADATA)('accepts %s', (_label, file, kind) => {
    expect(checkBlogImage(file)).toBe(kind);
  });

  it('refuses compressed text that inflates past 4 MB (a zip bomb) or does not inflate', () => {
    const deflatedText = (size: number) => Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.alloc(size, 0x61))]);
    expect(checkBlogImage(withPngChunk(png(), 'zTXt', deflatedText(3 * 1024 * 1024)))).toBe('png');
    expect(checkBlogImage(withPngChunk(png(), 'zTXt', deflatedText(5 * 1024 * 1024)))).toBeNull();
    expect(checkBlogImage(withPngChunk(png(), 'zTXt', Buffer.from('Comment\0\0not deflate', 'latin1')))).toBeNull();
  });
});

describe('POST /api/admin/create-blog', () => {
  it('creates a blog with a server-named image that is served with nosniff, and writes one audit row', async () => {
    const before = await storedBlogImages();
    const blog = await createBlog();
    expect(blog).toMatchObject({ title: 'A blog title', description: 'A description of the blog.', user: 'Jane Writer', views: 12, comments: 3 });
    expect(blog.blogImg).toHaveLength(1);
    expect(blog.blogImg[0]).toMatch(/^[a-z0-9]+-[0-9a-f]{16}\.png$/);
    expect(await storedBlogImages()).toEqual([...before, blog.blogImg[0]].sort());
    const served = await t.app.inject({ method: 'GET', url: `/blogImg/${blog.blogImg[0]}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png())).toBe(true);
    expect(await auditCount(blog._id, 'blog.create')).toBe(1);
  });

  it('creates a blog without an image, and skips the empty part of an unused file input', async () => {
    const blog = await createBlog([
      ...textFields({ user: '', views: '0' }),
      { name: 'blogImg', file: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    ]);
    expect(blog).toMatchObject({ blogImg: [], user: null, views: 0, comments: 3 });
  });

  it.each([
    ['an HTML page named .png', Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'), 'evil.png', 'image/png'],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['a PNG with HTML after its end (polyglot)', Buffer.concat([png(), Buffer.from('<html><script>alert(1)</script></html>')]), 'poly.png', 'image/png'],
    ['a PNG with a script in a text chunk (polyglot)', pngWithText('<script>alert(1)</script>'), 'poly2.png', 'image/png'],
    ['a GIF that is also JavaScript (polyglot)', Buffer.concat([gif(), Buffer.from('*/=alert(1);')]), 'poly.gif', 'image/gif'],
    ['a truncated PNG', png().subarray(0, 40), 'cut.png', 'image/png'],
    ...METADATA_POLYGLOTS.map(([label, file], index): [string, Buffer, string, string] => [label, file, `meta${index}.img`, 'image/png']),
    ['a text file', Buffer.from('hello'), 'notes.txt', 'text/plain'],
  ] as [string, Buffer, string, string][])('rejects %s with 400 and writes nothing', async (_label, file, filename, type) => {
    const before = [...allFiles(t.dataDir), ...(await listStoredFiles(t))];
    const response = await send('POST', '/create-blog', [...textFields({ title: `attack ${filename}` }), { name: 'blogImg', file, filename, type }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(blogMessages.imageType);
    expect([...allFiles(t.dataDir), ...(await listStoredFiles(t))]).toEqual(before);
    const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from blogs where title = ${`attack ${filename}`}`);
    expect(count).toBe(0);
  });

  it.each(CLEAN_WITH_METADATA)('accepts %s', async (_label, file, kind) => {
    const blog = await createBlog([...textFields(), { name: 'blogImg', file, filename: `clean.${kind}`, type: `image/${kind}` }]);
    expect(blog.blogImg[0]).toMatch(new RegExp(`\\.${kind === 'jpeg' ? 'jpe?g' : kind}$`));
  });

  it('accepts an image of exactly the limit and answers 413 for one byte more, writing nothing', async () => {
    const atLimit = pngOfSize(BLOG_IMAGE_MAX_BYTES);
    expect(atLimit.length).toBe(BLOG_IMAGE_MAX_BYTES);
    const ok = await send('POST', '/create-blog', [...textFields(), { name: 'blogImg', file: atLimit, filename: 'big.png' }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await storedBlogImages();
    const response = await send('POST', '/create-blog', [
      ...textFields({ title: 'too big' }),
      { name: 'blogImg', file: pngOfSize(BLOG_IMAGE_MAX_BYTES + 1), filename: 'big.png' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File is too large');
    expect(await storedBlogImages()).toEqual(before);
  });

  it.each(['../../../evil.png', '..\\..\\evil.png', '/tmp/evil.png', 'blogImg/../../pwn.png', 'a\u0000.png'])(
    'stores %j under a server-made name inside the folder only',
    async (filename) => {
      // Outside the uploads nothing changes on disk; inside the storage only the one blog image is new.
      const uploads = path.join(t.dataDir, 'uploads') + path.sep;
      const outsideUploads = () => allFiles(t.dataDir).filter((name) => !name.startsWith(uploads));
      const [diskBefore, storedBefore] = [outsideUploads(), await listStoredFiles(t)];
      const blog = await createBlog([...textFields(), { name: 'blogImg', file: png(), filename }]);
      expect(blog.blogImg[0]).toMatch(/^[a-z0-9]+-[0-9a-f]{16}\.png$/);
      expect(await listStoredFiles(t)).toEqual([...storedBefore, `blogImg/${blog.blogImg[0]}`].sort());
      expect(outsideUploads()).toEqual(diskBefore);
      expect(existsSync('/tmp/evil.png')).toBe(false);
    },
  );

  it.each([
    [textFields({ title: '' }), blogMessages.titleRequired],
    [textFields({ title: '   ' }), blogMessages.titleRequired],
    [textFields({ description: '' }), blogMessages.descriptionRequired],
    [textFields().filter((part) => part.name !== 'title'), blogMessages.titleRequired],
    [textFields().filter((part) => part.name !== 'description'), blogMessages.descriptionRequired],
    [textFields({ views: 'many' }), 'views must be a number'],
    [[...textFields(), { name: 'title', value: 'twice' }], blogMessages.duplicateField],
    [[...textFields(), { name: 'avatar', file: png(), filename: 'a.png' }], blogMessages.unknownFile],
    [[...textFields(), { name: 'admin', value: 'true' }], 'Unrecognized key: "admin"'],
  ] as [Part[], string][])('rejects a bad form with 400 and a clear message (%#)', async (parts, message) => {
    const before = await storedBlogImages();
    const response = await send('POST', '/create-blog', [...parts, { name: 'blogImg', file: png(), filename: 'ok.png' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedBlogImages()).toEqual(before);
  });

  it('answers 415 for a JSON body', async () => {
    const response = await t.request({ method: 'POST', url: '/create-blog', payload: { title: 't', description: 'd' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(blogMessages.notMultipart);
  });

  it('removes the saved image when the database refuses the row', async () => {
    await t.database.db.execute(sql`
      create or replace function refuse_blog() returns trigger language plpgsql as $$
      begin
        if new.title = 'refuse me' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`create trigger refuse_blog before insert or update on blogs for each row execute function refuse_blog()`);
    try {
      const before = await storedBlogImages();
      const response = await send('POST', '/create-blog', [...textFields({ title: 'refuse me' }), { name: 'blogImg', file: png(), filename: 'x.png' }]);
      expect(response.statusCode).toBe(500);
      expect(await storedBlogImages()).toEqual(before);
      const blog = await createBlog();
      const update = await send('PUT', `/update-blog/${blog._id}`, [
        ...textFields({ title: 'refuse me' }),
        { name: 'blogImg', file: png([1, 2, 3]), filename: 'y.png' },
      ]);
      expect(update.statusCode).toBe(500);
      expect(await storedBlogImages()).toEqual([...before, blog.blogImg[0]].sort());
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_blog on blogs`);
    }
  });
});

describe('GET /api/admin/all-blogs and /blog-detail/:id', () => {
  it('lists every blog that is not deleted, newest first', async () => {
    await insertBlog(t.database.db, { description: null });
    const deleted = await createBlog();
    await t.request({ method: 'PUT', url: `/delete-blog/${deleted._id}` });
    const newest = await createBlog();
    const response = await t.request({ method: 'GET', url: '/all-blogs' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: BlogDto[] }>().data;
    const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from blogs where deleted_at is null`);
    expect(data).toHaveLength(count);
    expect(data[0]._id).toBe(newest._id);
    expect(data.map((blog) => blog._id)).not.toContain(deleted._id);
    expect(data.find((blog) => blog.description === null)).toBeDefined();
  });

  it('answers one blog, 404 for an unknown or deleted one, 400 for a malformed id', async () => {
    const blog = await createBlog();
    const response = await t.request({ method: 'GET', url: `/blog-detail/${blog._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: blog });
    expect((await t.request({ method: 'GET', url: `/blog-detail/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/blog-detail/zzz' })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/update-blog/:id', () => {
  it('keeps the old image when no new file is sent, and writes one audit row', async () => {
    const blog = await createBlog();
    const response = await send('PUT', `/update-blog/${blog._id}`, textFields({ title: 'Renamed', description: 'New text', user: 'New Author', views: '40' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: blogMessages.updated,
      data: { title: 'Renamed', description: 'New text', user: 'New Author', views: 40, blogImg: blog.blogImg },
    });
    expect(await storedBlogImages()).toContain(blog.blogImg[0]);
    expect(await auditCount(blog._id, 'blog.update')).toBe(1);
  });

  it('replaces the image and removes the old file when nothing else uses it', async () => {
    const blog = await createBlog();
    const response = await send('PUT', `/update-blog/${blog._id}`, [...textFields(), { name: 'blogImg', file: gif(), filename: 'new.gif', type: 'image/gif' }]);
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ data: BlogDto }>().data;
    expect(updated.blogImg).toHaveLength(1);
    expect(updated.blogImg[0]).toMatch(/\.gif$/);
    expect(await storedBlogImages()).toContain(updated.blogImg[0]);
    expect(await storedBlogImages()).not.toContain(blog.blogImg[0]);
  });

  it('keeps an old file that another blog still uses', async () => {
    // Two blogs of this test's own with one image file.
    const image = `shared-${randomUUID().slice(0, 8)}.png`;
    await t.app.ctx.files.saveIfAbsent('blogImages', image, png());
    const blog = await insertBlog(t.database.db, { images: [image] });
    await insertBlog(t.database.db, { images: [image] });
    const shared = { id: blog.id, image };
    expect(shared).toBeDefined();
    const response = await send('PUT', `/update-blog/${shared.id}`, [...textFields(), { name: 'blogImg', file: png([9, 9, 9]), filename: 'n.png' }]);
    expect(response.statusCode).toBe(200);
    expect(await storedBlogImages()).toContain(shared.image);
  });

  it('keeps the blog and its image when the new file is rejected or too large', async () => {
    const blog = await createBlog();
    const before = await storedBlogImages();
    const bad = await send('PUT', `/update-blog/${blog._id}`, [
      ...textFields({ title: 'Changed' }),
      { name: 'blogImg', file: Buffer.from('<html></html>'), filename: 'x.png' },
    ]);
    expect(bad.statusCode).toBe(400);
    const big = await send('PUT', `/update-blog/${blog._id}`, [
      ...textFields({ title: 'Changed' }),
      { name: 'blogImg', file: pngOfSize(BLOG_IMAGE_MAX_BYTES + 1), filename: 'x.png' },
    ]);
    expect(big.statusCode).toBe(413);
    expect(await storedBlogImages()).toEqual(before);
    const [row] = await t.database.db.select().from(blogs).where(eq(blogs.id, blog._id));
    expect(row).toMatchObject({ title: 'A blog title', images: blog.blogImg });
  });

  it('answers 400 for missing title or description', async () => {
    const blog = await createBlog();
    const response = await send('PUT', `/update-blog/${blog._id}`, textFields({ description: ' ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(blogMessages.descriptionRequired);
  });

  it('answers 404 for an unknown or deleted blog and writes no file', async () => {
    const blog = await createBlog();
    await t.request({ method: 'PUT', url: `/delete-blog/${blog._id}` });
    const before = await storedBlogImages();
    for (const id of [blog._id, randomUUID()]) {
      const response = await send('PUT', `/update-blog/${id}`, [...textFields(), { name: 'blogImg', file: png(), filename: 'x.png' }]);
      expect(response.statusCode).toBe(404);
    }
    expect(await storedBlogImages()).toEqual(before);
  });
});

describe('PUT /api/admin/delete-blog/:id', () => {
  it('hides the blog, keeps the row and its image, writes one audit row; a second delete is 404', async () => {
    const blog = await createBlog();
    const response = await t.request({ method: 'PUT', url: `/delete-blog/${blog._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: blogMessages.deleted });
    const [row] = await t.database.db.select().from(blogs).where(eq(blogs.id, blog._id));
    expect(row.deletedAt).not.toBeNull();
    expect(await storedBlogImages()).toContain(blog.blogImg[0]);
    expect(await auditCount(blog._id, 'blog.delete')).toBe(1);
    expect((await t.request({ method: 'PUT', url: `/delete-blog/${blog._id}` })).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    expect((await t.request({ method: 'PUT', url: '/delete-blog/1' })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url: `/delete-blog/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});

describe('malformed multipart bodies on POST /create-blog and PUT /update-blog/:id', () => {
  const boundary = 'ute-form-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="blogImg"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
      bytes,
      Buffer.from('\r\n', 'latin1'),
    ]);
  const wholeForm = Buffer.concat([
    Buffer.from(field('title', 'A title') + field('description', 'A description'), 'latin1'),
    filePart(png()),
    Buffer.from(`--${boundary}--\r\n`, 'latin1'),
  ]);
  const MALFORMED = 'The multipart form is malformed or incomplete';

  const cases: [string, Buffer, string][] = [
    [
      'without its closing boundary',
      Buffer.from(field('title', 'A title') + field('description', 'A description'), 'latin1'),
      `multipart/form-data; boundary=${boundary}`,
    ],
    ['cut in the middle of the image', wholeForm.subarray(0, wholeForm.indexOf('IDAT') + 20), `multipart/form-data; boundary=${boundary}`],
    ['cut in the middle of a part header', Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`, 'latin1'), `multipart/form-data; boundary=${boundary}`],
    [
      'with garbage after the part headers',
      Buffer.from(`--${boundary}\r\ngarbage garbage\r\n\r\n\u0000\u0001\u00ff`, 'latin1'),
      `multipart/form-data; boundary=${boundary}`,
    ],
    ['with a boundary the body does not use', wholeForm, 'multipart/form-data; boundary=another-boundary'],
    ['without a boundary', wholeForm, 'multipart/form-data'],
    ['with a boundary longer than any parser allows', wholeForm, `multipart/form-data; boundary=${'b'.repeat(300)}`],
    ['that is not multipart at all', Buffer.from('title=A+title', 'latin1'), `multipart/form-data; boundary=${boundary}`],
  ];

  for (const method of ['POST', 'PUT'] as const) {
    it.each(cases)(`${method} answers 400 with the envelope for a body %s, and writes nothing`, async (_label, payload, contentType) => {
      const blog = await createBlog();
      const before = await storedBlogImages();
      const url = method === 'POST' ? '/create-blog' : `/update-blog/${blog._id}`;
      const response = await t.request({ method, url, payload: payload as unknown as string, headers: { 'content-type': contentType } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: MALFORMED });
      expect(await storedBlogImages()).toEqual(before);
      const [row] = await t.database.db.select().from(blogs).where(eq(blogs.id, blog._id));
      expect(row).toMatchObject({ title: 'A blog title', images: blog.blogImg });
    });
  }

  it('never answers 5xx for a whole form cut at any of 40 places', async () => {
    for (let index = 1; index <= 40; index += 1) {
      const cut = Math.floor((wholeForm.length * index) / 41);
      const response = await t.request({
        method: 'POST',
        url: '/create-blog',
        payload: wholeForm.subarray(0, cut) as unknown as string,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect([400, 413], `cut at ${cut}: ${response.body}`).toContain(response.statusCode);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
  });

  it('accepts the same form when it is whole', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/create-blog',
      payload: wholeForm as unknown as string,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
