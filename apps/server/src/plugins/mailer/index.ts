import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashRecipient } from '../logging.ts';
import { insertOutboxMail } from './outbox-repository.ts';

/** Why a mail is sent: what its log line says instead of its subject, which can carry a code. */
export type MailPurpose =
  | 'registration-code'
  | 'registration-notice'
  | 'reset-code'
  | 'connect-link'
  | 'contact-enquiry'
  | 'version-submitted'
  | 'version-released'
  | 'version-rejected'
  | 'version-taken-down'
  | 'review-message'
  | 'tester-added'
  | 'tester-removed'
  | 'payout-sent'
  | 'payout-failed'
  | 'placement-receipt'
  | 'stage-expiry-reminder'
  | 'stage-expired'
  | 'stage-content-withdrawn'
  | 'password-changed'
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'two-factor-recovery-started'
  | 'two-factor-recovery-cancelled'
  | 'two-factor-recovery-code'
  | 'passkey-added'
  | 'passkey-deleted'
  | 'recovery-codes-low'
  | 'studio-invitation'
  | 'studio-ownership';

export interface MailMessage {
  purpose: MailPurpose;
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

/** A mail's log fields: never its subject, body or links, which carry codes and connect states. */
const logFields = (mailId: string, { purpose, to }: MailMessage) => ({ mailId, purpose, to: hashRecipient(to) });

export function createMailer(config: AppConfig, db: Db, log: FastifyBaseLogger): Mailer {
  const build = ({ to, subject, text, html }: MailMessage) => ({ from: config.mailFrom, to, subject, text, html });

  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const sent = await transport.sendMail(build(message));
        log.info(logFields(sent.messageId, message), 'mail sent');
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
        const sent = await transport.sendMail(build(message));
        log.warn(logFields(sent.messageId, message), 'mail not delivered: SMTP_URL is not set');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      const sent = await transport.sendMail(build(message));
      const { to, subject, text, html } = message;
      await insertOutboxMail(db, { to, subject, text, html });
      log.info(logFields(sent.messageId, message), 'mail stored in the dev outbox (/dev/outbox)');
    },
    close: () => transport.close(),
  };
}
