import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { storedFiles } from '../../db/tables/files.table';
import { hmac, loadSigningSecret, safeEqual } from '../../lib/secrets';

/** The upload areas, the folder (or stored_files area) of each and the URL it is served under. Private ones need a signed URL. */
export const FILE_AREAS = {
  uteImages: { folder: 'ute-images', urlPrefix: '/images/ute-images', isPrivate: false },
  licences: { folder: 'licences', urlPrefix: '/images/licences', isPrivate: true },
  jobImages: { folder: 'jobImg', urlPrefix: '/jobImg', isPrivate: false },
  blogImages: { folder: 'blogImg', urlPrefix: '/blogImg', isPrivate: false },
  receipts: { folder: 'payment', urlPrefix: '/payment', isPrivate: true },
} as const;
export type FileArea = keyof typeof FILE_AREAS;

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** The image type by its first bytes; never by name or declared content type. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Only names the server made: letters, digits, dash, underscore and one extension. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9_-]{1,100}\.(png|jpe?g|gif|webp)$/;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The content type of a SAFE_FILE_NAME, by its extension (which the server chose from the magic bytes). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

function newFileName(kind: ImageKind): string {
  return `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`;
}

/** A stored file, ready to be sent. */
export interface StoredFile {
  body: Readable | Buffer;
  contentType: string;
  size: number;
}

/** Where uploads live, and the signed URLs of the private ones. */
export interface FileStorage {
  /** Stores bytes under a server-made name and returns that name. */
  save(area: FileArea, bytes: Buffer, kind: ImageKind): Promise<string>;
  /** Stores bytes under a name of the caller's (the seed's demo images), keeping a file that already has it. */
  saveIfAbsent(area: FileArea, name: string, bytes: Buffer): Promise<void>;
  remove(area: FileArea, name: string): Promise<void>;
  /** The file, or null when there is none of that name. */
  read(area: FileArea, name: string): Promise<StoredFile | null>;
  signedUrl(area: FileArea, name: string, ttlSeconds?: number): string;
  isSignatureValid(urlPath: string, expires: string | undefined, sig: string | undefined): boolean;
}

const SIGNATURE_STEP_SECONDS = 60;
const MAX_KEPT_SIGNATURES = 10_000;

/** Signs and checks the URLs of private files, for whichever storage holds the bytes. */
export class FileUrlSigner {
  /** Signatures of the current expiry minute (see signedUrl). */
  private readonly signatures = new Map<string, string>();
  private signaturesExpire = 0;

  constructor(private readonly signingKey: string) {}

  /**
   * A URL for a private file that works for at most ttlSeconds (and at least a minute less). The
   * expiry is rounded down to the minute, so a file keeps one URL for a minute: the browser reuses
   * the image it has, and each signature is computed once per minute, not once per row listed.
   */
  signedUrl(area: FileArea, name: string, ttlSeconds = 300): string {
    const expires = Math.floor((Date.now() / 1000 + ttlSeconds) / SIGNATURE_STEP_SECONDS) * SIGNATURE_STEP_SECONDS;
    const urlPath = `${FILE_AREAS[area].urlPrefix}/${name}`;
    const signed = `${urlPath}:${expires}`;
    if (this.signaturesExpire !== expires || this.signatures.size >= MAX_KEPT_SIGNATURES) {
      this.signatures.clear();
      this.signaturesExpire = expires;
    }
    let sig = this.signatures.get(signed);
    if (!sig) {
      sig = hmac(this.signingKey, signed);
      this.signatures.set(signed, sig);
    }
    return `${urlPath}?expires=${expires}&sig=${sig}`;
  }

  isSignatureValid(urlPath: string, expires: string | undefined, sig: string | undefined): boolean {
    if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) < Math.floor(Date.now() / 1000)) return false;
    return safeEqual(sig, hmac(this.signingKey, `${urlPath}:${expires}`));
  }
}

const isErrorCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** Uploads as files in `<DATA_DIR>/uploads/<area folder>/`: PGlite's storage (one process, one disk). */
export class DiskFileStorage implements FileStorage {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly urls: FileUrlSigner,
  ) {
    this.root = path.join(dataDir, 'uploads');
    for (const area of Object.values(FILE_AREAS)) mkdirSync(path.join(this.root, area.folder), { recursive: true });
  }

  private pathOf(area: FileArea, name: string): string {
    return path.join(this.root, FILE_AREAS[area].folder, name);
  }

  async save(area: FileArea, bytes: Buffer, kind: ImageKind): Promise<string> {
    const name = newFileName(kind);
    await writeFile(this.pathOf(area, name), bytes, { flag: 'wx' });
    return name;
  }

  async saveIfAbsent(area: FileArea, name: string, bytes: Buffer): Promise<void> {
    if (!SAFE_FILE_NAME.test(name)) throw new Error(`not a safe file name: ${name}`);
    await writeFile(this.pathOf(area, name), bytes, { flag: 'wx' }).catch((error: unknown) => {
      if (!isErrorCode(error, 'EEXIST')) throw error;
    });
  }

  async remove(area: FileArea, name: string): Promise<void> {
    if (!SAFE_FILE_NAME.test(name)) return;
    await rm(this.pathOf(area, name), { force: true });
  }

  async read(area: FileArea, name: string): Promise<StoredFile | null> {
    if (!SAFE_FILE_NAME.test(name)) return null;
    const handle = await open(this.pathOf(area, name), 'r').catch((error: unknown) => {
      if (isErrorCode(error, 'ENOENT')) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the handle when it ends or is destroyed (a client that goes away).
      return { body: handle.createReadStream(), contentType: contentTypeOf(name), size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  signedUrl(area: FileArea, name: string, ttlSeconds?: number): string {
    return this.urls.signedUrl(area, name, ttlSeconds);
  }

  isSignatureValid(urlPath: string, expires: string | undefined, sig: string | undefined): boolean {
    return this.urls.isSignatureValid(urlPath, expires, sig);
  }
}

const storedFileRow = (area: FileArea, name: string, bytes: Buffer): typeof storedFiles.$inferInsert => ({
  area: FILE_AREAS[area].folder,
  name,
  contentType: contentTypeOf(name),
  size: bytes.length,
  bytes,
});
const whereStoredFile = (area: FileArea, name: string) => and(eq(storedFiles.area, FILE_AREAS[area].folder), eq(storedFiles.name, name));

/** Uploads as rows of stored_files: every api process on the database serves what any of them stored. */
export class PostgresFileStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    private readonly urls: FileUrlSigner,
  ) {}

  async save(area: FileArea, bytes: Buffer, kind: ImageKind): Promise<string> {
    const name = newFileName(kind);
    await this.db.insert(storedFiles).values(storedFileRow(area, name, bytes));
    return name;
  }

  async saveIfAbsent(area: FileArea, name: string, bytes: Buffer): Promise<void> {
    if (!SAFE_FILE_NAME.test(name)) throw new Error(`not a safe file name: ${name}`);
    await this.db
      .insert(storedFiles)
      .values(storedFileRow(area, name, bytes))
      .onConflictDoNothing();
  }

  async remove(area: FileArea, name: string): Promise<void> {
    await this.db.delete(storedFiles).where(whereStoredFile(area, name));
  }

  async read(area: FileArea, name: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType, size: storedFiles.size })
      .from(storedFiles)
      .where(whereStoredFile(area, name));
    return row ? { body: row.bytes, contentType: row.contentType, size: row.size } : null;
  }

  signedUrl(area: FileArea, name: string, ttlSeconds?: number): string {
    return this.urls.signedUrl(area, name, ttlSeconds);
  }

  isSignatureValid(urlPath: string, expires: string | undefined, sig: string | undefined): boolean {
    return this.urls.isSignatureValid(urlPath, expires, sig);
  }
}

/** The settings storage reads (the api's Config has them): where PGlite's uploads go, and the secret the URL signatures derive from. */
export interface FileStorageConfig {
  DATA_DIR: string;
  JWT_SECRET?: string | undefined;
}

/**
 * The storage of the engine in use: PostgreSQL keeps uploads in the database, so any number of api
 * processes share them (and pg_dump backs them up); PGlite, one process, keeps them on its disk.
 */
export function createFileStorage(database: Pick<Database, 'engine' | 'db'>, config: FileStorageConfig): FileStorage {
  const urls = new FileUrlSigner(hmac(loadSigningSecret(config.JWT_SECRET, config.DATA_DIR), 'file-urls'));
  return database.engine === 'postgres' ? new PostgresFileStorage(database.db, urls) : new DiskFileStorage(config.DATA_DIR, urls);
}
