import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hmac, safeEqual } from '../lib/secrets';

/** The upload folders and the URL each is served under. Private ones need a signed URL. */
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

const SIGNATURE_STEP_SECONDS = 60;
const MAX_KEPT_SIGNATURES = 10_000;

export class FileStorage {
  readonly root: string;
  /** Signatures of the current expiry minute (see signedUrl). */
  private readonly signatures = new Map<string, string>();
  private signaturesExpire = 0;

  constructor(
    dataDir: string,
    private readonly signingKey: string,
  ) {
    this.root = path.join(dataDir, 'uploads');
    for (const area of Object.values(FILE_AREAS)) mkdirSync(path.join(this.root, area.folder), { recursive: true });
  }

  folderOf(area: FileArea): string {
    return path.join(this.root, FILE_AREAS[area].folder);
  }

  /** Writes bytes under a server-made name and returns that name. */
  async save(area: FileArea, bytes: Buffer, kind: ImageKind): Promise<string> {
    const name = `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${kind === 'jpeg' ? 'jpg' : kind}`;
    await writeFile(path.join(this.folderOf(area), name), bytes, { flag: 'wx' });
    return name;
  }

  async remove(area: FileArea, name: string): Promise<void> {
    if (!SAFE_FILE_NAME.test(name)) return;
    await rm(path.join(this.folderOf(area), name), { force: true });
  }

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
