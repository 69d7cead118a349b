import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';
import type { Logger } from '../../logger';

/** One message as the outbox holds it. */
export interface OutgoingMail {
  /** The stable Message-ID, angle brackets included: the same on every attempt. */
  messageId: string;
  /** One address or a comma-separated list. */
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  /** Delivers one message; resolves with a short description, rejects when it was not accepted. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/**
 * SMTP timeouts for a worker lease (MAIL_LEASE_MS). A message must be accepted or refused well
 * inside the lease, or a second worker could take it over while it is still going: at the default
 * lease (2 minutes) they are 15 s to connect, 15 s for the greeting and 30 s of silence, together
 * half the lease; a shorter lease scales them down in proportion, a longer one keeps them.
 */
export function smtpTimeouts(leaseMs: number): {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
} {
  const scale = Math.min(1, leaseMs / 120_000);
  return {
    connectionTimeout: Math.round(15_000 * scale),
    greetingTimeout: Math.round(15_000 * scale),
    socketTimeout: Math.round(30_000 * scale),
  };
}

/**
 * With SMTP_URL, a nodemailer SMTP transport. Without it (the `npm start` default), each message is
 * composed exactly as it would be sent and written to DATA_DIR/mail as an .eml file that any mail
 * program opens, so the demo works with no mail server.
 */
export function createMailer(
  config: Pick<MailConfig, 'smtpUrl' | 'from' | 'dir' | 'leaseMs'>,
  logger: Logger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from, smtpTimeouts(config.leaseMs))
    : createFileMailer(config.dir, config.from, logger);
}

function message(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
  };
}

function createSmtpMailer(
  url: string,
  from: string,
  timeouts: ReturnType<typeof smtpTimeouts>,
): Mailer {
  const transport = nodemailer.createTransport({ url, ...timeouts });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail(message(mail, from));
      // How many, not which: the response is logged, and addresses stay out of the logs.
      const rejected =
        info.rejected.length > 0 ? `; ${info.rejected.length} recipient(s) rejected` : '';
      return `${info.response}${rejected}`;
    },
    close: () => transport.close(),
  };
}

/** A file name that is safe everywhere and the same for every attempt at one message. */
export function emlFileName(messageId: string): string {
  const core = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_');
  return `${core}.eml`;
}

function createFileMailer(dir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail(message(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('The message was not composed.');
      await mkdir(dir, { recursive: true });
      const path = join(dir, emlFileName(mail.messageId));
      // Written beside, then renamed: a reader never sees half a message.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, path);
      logger.info(
        { path, messageId: mail.messageId, subject: mail.subject },
        'mail written to a file (no SMTP_URL set)',
      );
      return `written to ${path}`;
    },
    close: () => transport.close(),
  };
}
