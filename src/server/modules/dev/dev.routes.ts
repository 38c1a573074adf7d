import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/contracts/common.js';
import { mailboxQuerySchema, mailboxResponseSchema } from '../../../shared/contracts/dev.js';
import type { Config } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import type { Mailer } from '../../providers/mailer/mailer.js';
import { OutboxMailer } from '../../providers/mailer/outbox.js';
import { renderMailboxPage } from './mailbox-page.js';

/**
 * Developer tools (registered only when `config.devTools`: outside production unless switched):
 * the dev outbox as a page and as JSON for tests.
 */
export async function devRoutes(app: FastifyInstance, opts: { mailer: Mailer; config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mailer, config } = opts;
  const outbox = mailer instanceof OutboxMailer ? mailer : undefined;
  const tags = ['dev'];
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/dev/mailbox.json',
    {
      schema: { tags, summary: 'Dev outbox (newest first)', querystring: mailboxQuerySchema, response: { 200: mailboxResponseSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { mode: outbox ? ('outbox' as const) : ('smtp' as const), mails: outbox?.list(request.query.to) ?? [] };
    },
  );

  r.get(
    '/dev/mailbox',
    { schema: { tags, summary: 'Dev outbox page', querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const page = renderMailboxPage({
        productName: config.productName,
        mode: outbox ? 'outbox' : 'smtp',
        mails: outbox?.list(request.query.to) ?? [],
      });
      return reply.headers(noStore).type('text/html; charset=utf-8').send(page);
    },
  );

  r.get(
    '/dev/mailbox/:id',
    {
      schema: {
        tags,
        summary: 'One outbox mail as its HTML body',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string().describe('text/html'), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const mail = outbox?.list().find((m) => m.id === request.params.id);
      if (!mail) throw notFound('No such mail in the outbox');
      return reply.headers(noStore).type('text/html; charset=utf-8').send(mail.html);
    },
  );
}
