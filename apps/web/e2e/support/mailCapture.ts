import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from '../../../api/src/test/smtpCapture';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  /** The attachments' names and types (a remittance's tax invoice). */
  attachments: { filename: string; contentType: string }[];
  receivedAt: string;
}

/** A real SMTP server in the test runner: every mail it receives is written as JSON into mailDir. */
export async function startMailCapture(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        });
        const mail: CapturedMail = {
          to: parsed.to.join(', '),
          subject: parsed.subject,
          text: parsed.text,
          attachments: parsed.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
          receivedAt: new Date().toISOString(),
        };
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
