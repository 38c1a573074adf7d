import { z } from 'zod';

/** `GET /dev/mailbox.json` (dev tools only): the dev outbox, newest first. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.string(),
});
export type OutboxMailDto = z.infer<typeof outboxMailSchema>;

export const mailboxResponseSchema = z.object({
  /** 'smtp' when mail really leaves (SMTP_URL): then the outbox stays empty. */
  mode: z.enum(['outbox', 'smtp']),
  mails: z.array(outboxMailSchema),
});
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

export const mailboxQuerySchema = z.object({ to: z.string().max(254).optional() });
