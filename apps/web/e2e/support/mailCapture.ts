import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Minimal parse of the plain-text mails nodemailer sends: headers, then the (maybe quoted-printable) body. */
export function parseRawMail(raw: string): Omit<CapturedMail, 'receivedAt'> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const isQuotedPrintable = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const isBase64 = /base64/i.test(header('Content-Transfer-Encoding'));
  const text = isBase64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : isQuotedPrintable ? decodeQuotedPrintable(body) : body;
  return { to: header('To'), subject: header('Subject'), text: text.trim() };
}

/** A real SMTP server in the test runner: every mail it receives is written as JSON into mailDir. */
export async function startMailCapture(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const mail: CapturedMail = { ...parseRawMail(Buffer.concat(chunks).toString('utf8')), receivedAt: new Date().toISOString() };
        writeFileSync(path.join(mailDir, `${Date.now()}-${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
