import { crc32 } from 'node:zlib';
import { detectImageKind, type ImageKind } from '../../plugins/storage';

/**
 * Markers of markup or script. A polyglot (an image that is also an HTML, SVG, PHP or script file)
 * needs one of these to do anything. Each is at least five bytes long so that compressed pixel data
 * practically never matches by chance (all markers together: under once in 10,000 random files of 2 MB).
 */
const ACTIVE_CONTENT = /<(script|html|body|head>|iframe|object|embed|\?php|!doctype)|javascript:/i;

function hasActiveContent(bytes: Buffer): boolean {
  return ACTIVE_CONTENT.test(bytes.toString('latin1'));
}

/** PNG: signature, IHDR first, every chunk whole with a correct CRC, IEND last and nothing after it. */
function isWellFormedPng(bytes: Buffer): boolean {
  let offset = 8;
  let isFirst = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (isFirst && type !== 'IHDR') return false;
    const crc = crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0;
    if (crc !== bytes.readUInt32BE(offset + 8 + length)) return false;
    isFirst = false;
    offset = end;
    if (type === 'IEND') return offset === bytes.length;
  }
  return false;
}

/** GIF: walks every block to the trailer, which must be the last byte. */
function isWellFormedGif(bytes: Buffer): boolean {
  if (bytes.length < 14) return false;
  let offset = 13;
  const flags = bytes[10];
  if (flags & 0x80) offset += 3 * 2 ** ((flags & 0x07) + 1);
  const skipSubBlocks = (): boolean => {
    while (offset < bytes.length) {
      const size = bytes[offset];
      offset += 1 + size;
      if (size === 0) return offset <= bytes.length;
    }
    return false;
  };
  while (offset < bytes.length) {
    const marker = bytes[offset];
    if (marker === 0x3b) return offset === bytes.length - 1;
    if (marker === 0x21) {
      offset += 2;
      if (!skipSubBlocks()) return false;
    } else if (marker === 0x2c) {
      if (offset + 10 > bytes.length) return false;
      const localFlags = bytes[offset + 9];
      offset += 10;
      if (localFlags & 0x80) offset += 3 * 2 ** ((localFlags & 0x07) + 1);
      offset += 1; // LZW minimum code size
      if (!skipSubBlocks()) return false;
    } else {
      return false;
    }
  }
  return false;
}

/** JPEG: segments up to the scan, then the entropy-coded data must end with EOI and nothing after. */
function isWellFormedJpeg(bytes: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9) return false; // EOI before any scan
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    offset += 2 + length;
    if (marker === 0xda) break;
  }
  if (offset > bytes.length - 2) return false;
  // A scan may be followed by more segments (progressive JPEG); the file must end exactly at EOI.
  return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/** WebP: the RIFF size must cover exactly the file (plus one pad byte at most). */
function isWellFormedWebp(bytes: Buffer): boolean {
  if (bytes.length < 20) return false;
  const riffSize = bytes.readUInt32LE(4);
  const expected = riffSize + 8;
  if (expected !== bytes.length && expected + 1 !== bytes.length) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16));
}

const WELL_FORMED: Record<ImageKind, (bytes: Buffer) => boolean> = {
  png: isWellFormedPng,
  gif: isWellFormedGif,
  jpeg: isWellFormedJpeg,
  webp: isWellFormedWebp,
};

/**
 * The image type when the bytes are a whole, plain PNG, JPEG, GIF or WebP; null for anything else
 * (renamed HTML, SVG, truncated files, images with data after their end, polyglots).
 */
export function checkBlogImage(bytes: Buffer): ImageKind | null {
  const kind = detectImageKind(bytes);
  if (!kind) return null;
  if (!WELL_FORMED[kind](bytes)) return null;
  if (hasActiveContent(bytes)) return null;
  return kind;
}
