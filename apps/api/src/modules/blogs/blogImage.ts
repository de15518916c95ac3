import { crc32, inflateSync } from 'node:zlib';
import { detectImageKind, type ImageKind } from '../../platform/storage/fileStorage';

/** Event handler attributes that run script in HTML or SVG (onload=, onerror=, onbegin= ...). */
const EVENT_HANDLER = String.raw`(?<![a-z])on(abort|animation[a-z]*|begin|blur|change|click|dblclick|drag[a-z]*|drop|end|error|focus[a-z]*|hashchange|input|key[a-z]+|load|message|mouse[a-z]+|page[a-z]+|pointer[a-z]+|repeat|reset|resize|scroll|select|show|submit|toggle|transition[a-z]*|unload|wheel)\s*=`;
const SCRIPT_MARKERS = String.raw`<(script|html|body|head>|i?frame|object|embed|\?php|!doctype)|(java|vb)script:|data:text/html|${EVENT_HANDLER}`;

/**
 * Markers of markup or script, searched in the whole file. A polyglot (an image that is also an
 * HTML, SVG, PHP or script file) needs one of these to do anything. Each is at least five bytes
 * long so that compressed pixel data practically never matches by chance (all markers together:
 * under once in 10,000 random files of 2 MB).
 */
const ACTIVE_CONTENT = new RegExp(SCRIPT_MARKERS, 'i');

/**
 * Searched in the metadata an image carries (text chunks, comments, EXIF, XMP): those should be
 * plain words, so shorter markers are safe there, such as an SVG or XML document.
 */
const ACTIVE_TEXT = new RegExp(String.raw`${SCRIPT_MARKERS}|<(svg|math|meta|link|base|style|form)[\s/>]|<\?xml`, 'i');

/** zTXt and iTXt are inflated; past this many bytes in all (a zip bomb) the image is refused. */
const MAX_INFLATED_TEXT_BYTES = 4 * 1024 * 1024;

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', tab: '\t', newline: '\n', sol: '/' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x0*([0-9a-f]{1,6})|#0*([0-9]{1,7})|([a-z]+));?/gi, (entity, _number, hex?: string, decimal?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const codePoint = hex ? parseInt(hex, 16) : Number(decimal);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

/**
 * A metadata text as a browser or an XML reader could see it: also without NULs (UTF-16 text),
 * tabs and line breaks (which browsers drop inside a URL: java&Tab;script:), with entities decoded.
 */
function hasActiveText(text: string): boolean {
  const withoutGaps = (value: string) => value.replace(/[\0\t\n\r]/g, '');
  return ACTIVE_TEXT.test(text) || ACTIVE_TEXT.test(withoutGaps(decodeEntities(withoutGaps(text))));
}

/** Each reader walks a whole file: null when it is not complete and well formed, else the texts of its metadata. */
type MetadataReader = (bytes: Buffer) => string[] | null;

/** The text of a tEXt, zTXt or iTXt chunk; throws when a compressed one is malformed. */
function readPngText(type: string, data: Buffer, inflate: (compressed: Buffer) => Buffer): string {
  if (type === 'tEXt') return data.toString('latin1');
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) throw new Error(`${type} without a keyword`);
  if (type === 'zTXt') return data.toString('latin1', 0, keywordEnd) + inflate(data.subarray(keywordEnd + 2)).toString('latin1');
  // iTXt: keyword, compression flag, method, language tag, translated keyword, then UTF-8 text.
  const isCompressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) throw new Error('iTXt without its header');
  const text = data.subarray(translatedEnd + 1);
  return data.toString('utf8', 0, translatedEnd) + (isCompressed ? inflate(text) : text).toString('utf8');
}

/** PNG: signature, IHDR first, every chunk whole with a correct CRC, IEND last and nothing after it. */
const readPng: MetadataReader = (bytes) => {
  const texts: string[] = [];
  let inflateBudget = MAX_INFLATED_TEXT_BYTES;
  const inflate = (compressed: Buffer): Buffer => {
    const text = inflateSync(compressed, { maxOutputLength: Math.max(1, inflateBudget) }); // throws past the budget
    inflateBudget -= text.length;
    return text;
  };
  let offset = 8;
  let isFirst = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return null;
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    if (isFirst && type !== 'IHDR') return null;
    const crc = crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0;
    if (crc !== bytes.readUInt32BE(offset + 8 + length)) return null;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      try {
        texts.push(readPngText(type, data, inflate));
      } catch {
        return null; // text that cannot be read cannot be checked
      }
    } else if (type !== 'IDAT' && type !== 'fdAT') {
      texts.push(data.toString('latin1')); // eXIf, private chunks...; the pixel data is left to the whole-file search
    }
    isFirst = false;
    offset = end;
    if (type === 'IEND') return offset === bytes.length ? texts : null;
  }
  return null;
};

const GRAPHIC_CONTROL = 0xf9;

/** GIF: walks every block to the trailer, which must be the last byte. */
const readGif: MetadataReader = (bytes) => {
  if (bytes.length < 14) return null;
  let offset = 13;
  const flags = bytes[10];
  if (flags & 0x80) offset += 3 * 2 ** ((flags & 0x07) + 1);
  const texts: string[] = [];
  /** Moves past a chain of sub-blocks; their data joined when `keep`, null when the chain runs past the end. */
  const readSubBlocks = (keep: boolean): Buffer | null => {
    const parts: Buffer[] = [];
    while (offset < bytes.length) {
      const size = bytes[offset];
      const start = offset + 1;
      offset = start + size;
      if (size === 0) return offset <= bytes.length ? Buffer.concat(parts) : null;
      if (keep) parts.push(bytes.subarray(start, offset));
    }
    return null;
  };
  while (offset < bytes.length) {
    const marker = bytes[offset];
    if (marker === 0x3b) return offset === bytes.length - 1 ? texts : null;
    if (marker === 0x21) {
      const start = offset;
      const label = bytes[offset + 1];
      offset += 2;
      // Comments (0xfe), plain text (0x01), applications (0xff, XMP among them) and unknown labels.
      const isMetadata = label !== GRAPHIC_CONTROL;
      const data = readSubBlocks(isMetadata);
      if (!data) return null;
      // XMP ignores the sub-block structure, so the raw bytes are searched as well as the joined data.
      if (isMetadata) texts.push(data.toString('latin1'), bytes.toString('latin1', start, offset));
    } else if (marker === 0x2c) {
      if (offset + 10 > bytes.length) return null;
      const localFlags = bytes[offset + 9];
      offset += 10;
      if (localFlags & 0x80) offset += 3 * 2 ** ((localFlags & 0x07) + 1);
      offset += 1; // LZW minimum code size
      if (!readSubBlocks(false)) return null;
    } else {
      return null;
    }
  }
  return null;
};

/** Where the entropy-coded data after a JPEG scan header ends: the next marker (not a stuffed 0xFF00, a restart or fill). */
function endOfScanData(bytes: Buffer, offset: number): number {
  for (let at = bytes.indexOf(0xff, offset); at !== -1 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1];
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  return bytes.length;
}

/**
 * JPEG: every segment and scan up to EOI, which must end the file; a multi-picture JPEG (MPF:
 * phone photos with a preview) may carry more whole JPEGs after the first. Texts: APPn (JFIF,
 * EXIF, XMP, ICC...) and COM segments.
 */
const readJpeg: MetadataReader = (bytes) => {
  const texts: string[] = [];
  let offset = 2;
  let hasScan = false;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) {
      if (!hasScan) return null; // EOI before any scan
      offset += 2;
      if (offset === bytes.length) return texts;
      if (bytes[offset] !== 0xff || bytes[offset + 1] !== 0xd8) return null; // data after the end that is not another JPEG
      offset += 2;
      hasScan = false;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) texts.push(bytes.toString('latin1', offset + 4, end));
    offset = end;
    if (marker === 0xda) {
      hasScan = true;
      offset = endOfScanData(bytes, offset);
    }
  }
  return null;
};

/** WebP chunks that hold the picture; every other one (EXIF, XMP, ICCP, unknown) is metadata. */
const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/** WebP: the RIFF size must cover exactly the file (plus one pad byte at most), and its chunks exactly the RIFF. */
const readWebp: MetadataReader = (bytes) => {
  if (bytes.length < 20) return null;
  const end = bytes.readUInt32LE(4) + 8;
  if (end !== bytes.length && end + 1 !== bytes.length) return null;
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16))) return null;
  const texts: string[] = [];
  let offset = 12;
  while (offset + 8 <= end) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (offset + 8 + size > bytes.length) return null;
    if (!WEBP_IMAGE_CHUNKS.has(type)) texts.push(bytes.toString('latin1', offset + 8, offset + 8 + size));
    offset += 8 + size + (size & 1);
  }
  // The pad byte of an odd last chunk may be missing.
  return offset === end || offset === end + 1 ? texts : null;
};

const READERS: Record<ImageKind, MetadataReader> = {
  png: readPng,
  gif: readGif,
  jpeg: readJpeg,
  webp: readWebp,
};

/**
 * The image type when the bytes are a whole, plain PNG, JPEG, GIF or WebP; null for anything else
 * (renamed HTML, SVG, truncated files, images with data after their end, polyglots, and markup or
 * script hidden in their metadata: PNG text chunks, even compressed, GIF comments, JPEG comments
 * and APP segments such as XMP).
 */
export function checkBlogImage(bytes: Buffer): ImageKind | null {
  const kind = detectImageKind(bytes);
  if (!kind) return null;
  const metadata = READERS[kind](bytes);
  if (!metadata) return null;
  if (ACTIVE_CONTENT.test(bytes.toString('latin1'))) return null;
  if (metadata.some(hasActiveText)) return null;
  return kind;
}
