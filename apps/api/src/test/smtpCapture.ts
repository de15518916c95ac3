import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail received by the capture, parsed just enough for tests. */
export interface CapturedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The text/plain body, decoded (quoted-printable or base64) with line breaks as \n. */
  text: string;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** The parts sent as attachments (a remittance's tax invoice), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
  receivedAt: Date;
}

export interface SmtpCapture {
  port: number;
  host: string;
  /** `smtp://host:port`, ready for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /**
   * Messages whose sender went away (a killed process) before the server acknowledged them: like a
   * real server, the capture does not take those as received.
   */
  readonly abandoned: number;
  /** Messages whose data has arrived and whose acknowledgement is being held (`delayMs`). */
  readonly inFlight: number;
  /** Resolves with the first mail (already received or arriving) that matches; rejects after timeoutMs. */
  waitForMail(match?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(input: string): Buffer {
  const softBreaksRemoved = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const char = softBreaksRemoved[i];
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  const encoding = (transferEncoding ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The text/plain part of a message: the body itself, or the first text/plain part of a multipart. */
function textOf(headers: Record<string, string>, body: string): string {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
      const text = textOf(parsed.headers, parsed.body);
      if ((parsed.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain')) return text;
    }
    return '';
  }
  return decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n').replace(/\n$/, '');
}

/** The attachment parts of a message (Content-Disposition: attachment), at any depth of its multiparts. */
function attachmentsOf(headers: Record<string, string>, body: string): CapturedMail['attachments'] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    const found: CapturedMail['attachments'] = [];
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
      found.push(...attachmentsOf(parsed.headers, parsed.body));
    }
    return found;
  }
  const disposition = headers['content-disposition'] ?? '';
  if (!disposition.toLowerCase().startsWith('attachment')) return [];
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return [
    {
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: contentType.split(';')[0].trim().toLowerCase(),
      content: encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8'),
    },
  ];
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers, body } = splitHeaders(raw);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: textOf(headers, body),
    headers,
    attachments: attachmentsOf(headers, body),
    raw,
    receivedAt: new Date(),
  };
}

/**
 * An in-process SMTP server that keeps every mail it receives, so tests see the real mail the api
 * sends (`createTestApp({ env: { SMTP_URL: capture.url } })`). Plain SMTP: no STARTTLS, no AUTH.
 * Port 0 (default) picks a free port; `delayMs` holds each mail that long before accepting it, like a
 * slow server.
 */
export async function startSmtpCapture(options: { port?: number; host?: string; delayMs?: number } = {}): Promise<SmtpCapture> {
  const host = options.host ?? '127.0.0.1';
  const mails: CapturedMail[] = [];
  const closedSessions = new Set<string>();
  let abandoned = 0;
  let inFlight = 0;
  const waiters = new Set<{ match: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }>();

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      const accept = () => {
        inFlight -= 1;
        if (closedSessions.has(session.id)) {
          abandoned += 1;
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        mails.push(mail);
        for (const waiter of waiters) {
          if (waiter.match(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      };
      stream.on('end', () => {
        inFlight += 1;
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The server object keeps running after a client error; keep it from crashing the test process.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    host,
    url: `smtp://${host}:${port}`,
    mails,
    get abandoned() {
      return abandoned;
    },
    get inFlight() {
      return inFlight;
    },
    waitForMail(match = () => true, timeoutMs = 10_000) {
      const found = mails.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
