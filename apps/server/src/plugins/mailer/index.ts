import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertOutboxMail } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends transactional mail: SMTP in production, the dev outbox elsewhere. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'log-only';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: AppConfig, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  // Without SMTP the message is still built by nodemailer, so what lands in the outbox is a real mail.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  if (config.isProduction) {
    return {
      kind: 'log-only',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.warn({ to: message.to, subject: message.subject }, 'mail not delivered: SMTP_URL is not set');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
      await insertOutboxMail(db, message);
      log.info({ to: message.to, subject: message.subject }, 'mail stored in the dev outbox (/dev/outbox)');
    },
    close: () => transport.close(),
  };
}
