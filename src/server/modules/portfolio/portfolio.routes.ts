import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '../../../shared/contracts/common.js';
import {
  PORTFOLIO_FILE_MAX_BYTES,
  portfolioCreateBodySchema,
  portfolioCreatedSchema,
  portfolioDetailSchema,
  portfolioListSchema,
  portfolioParamsSchema,
  portfolioPreviewBodySchema,
  portfolioPreviewSchema,
  portfolioRowParamsSchema,
} from '../../../shared/contracts/portfolio.js';
import { AppError, badRequest, validationDetail } from '../../lib/errors.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import { fileErrors } from './portfolio-file.js';
import type { PortfolioFile, PortfolioService } from './portfolio.service.js';

const errors = errorAnswers(400, 401, 403, 404);

export const uploadErrors = {
  missing: "Send the file as a multipart form field named 'file' (CSV or XLSX).",
  malformed: "The upload could not be read as a form: send the file as a multipart form field named 'file' (CSV or XLSX).",
  nothing: "Send the rows as JSON {rows} or {text}, or a CSV or XLSX file as a multipart form field named 'file'.",
};

/** The `file` part of a multipart upload, at most 10 MB. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  try {
    const file = await request.file({ limits: { fileSize: PORTFOLIO_FILE_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    if (!file || file.fieldname !== 'file') throw badRequest(uploadErrors.missing, 'file_missing');
    return { data: await file.toBuffer(), filename: file.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(fileErrors.tooLarge, 'portfolio_file_too_large');
    // Everything else here is the upload itself: no boundary, a form cut short, too many parts.
    throw badRequest(uploadErrors.malformed, 'file_missing');
  }
}

/** A body checked by hand (the preview takes JSON or multipart, so Fastify cannot check it): 400 naming the field. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') || 'body';
  const message = issue?.message ?? 'Invalid value';
  // Our contracts' messages are ids of the errors catalogue (the reader's language); zod's own stay English.
  const detail = validationDetail(message, issue as Record<string, unknown> | undefined);
  throw badRequest(/^(Invalid|Too (small|big)|Unrecognized|Expected|Required)\b/.test(message) ? `Invalid ${path}: ${message}` : detail, 'validation');
}

function sendFile(reply: FastifyReply, file: PortfolioFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

/** Portfolios for the signed-in web app: preview, create, list, progress, retry of a row, exports. */
export async function portfolioRoutes(app: FastifyInstance, { service }: { service: PortfolioService }): Promise<void> {
  const { r, guarded } = routeGroup(app, { tag: 'portfolio', scheme: 'bearerAuth', guard: app.authenticate });
  // Multipart only here for the uploaded file (and in the assessment module for the map image).
  await app.register(multipart, { limits: { fileSize: PORTFOLIO_FILE_MAX_BYTES, files: 1 } });

  r.post(
    '/api/portfolios/preview',
    guarded({
      summary:
        'Check rows before anything is spent: JSON {rows} or {text} (pasted CSV; JSON bodies up to 256 KB), or a CSV/XLSX file as multipart field `file` (≤ 10 MB); ≤ 500 rows',
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: portfolioPreviewSchema, ...errors },
    }),
    async (request) => {
      const userId = currentUser(request).id;
      if (request.isMultipart()) {
        const { data, filename } = await readUpload(request);
        return service.preview(userId, await service.parseFile(data, filename));
      }
      // Checked against the variant the body chose, so the answer names what is wrong in it.
      const [rowsBody, textBody] = portfolioPreviewBodySchema.options;
      const raw = request.body;
      if (raw && typeof raw === 'object' && 'rows' in raw) return service.preview(userId, service.fromInput(parseBody(rowsBody, raw).rows));
      if (raw && typeof raw === 'object' && 'text' in raw) return service.preview(userId, service.parseText(parseBody(textBody, raw).text));
      throw badRequest(uploadErrors.nothing, 'validation');
    },
  );

  r.post(
    '/api/portfolios',
    guarded({
      summary: 'Create a portfolio: valid rows are queued for assessment (1 credit each), invalid ones stored as failed with the reason',
      body: portfolioCreateBodySchema,
      response: { 201: portfolioCreatedSchema, ...errors },
    }),
    async (request, reply) => {
      const created = await service.create(currentUser(request).id, request.body, { origin: 'web' });
      return reply.status(201).header('location', `/api/portfolios/${created.id}`).send(created);
    },
  );

  r.get(
    '/api/portfolios',
    guarded({ summary: 'Your portfolios, newest first', response: { 200: portfolioListSchema, ...errors } }),
    (request) => service.list(currentUser(request).id),
  );

  r.get(
    '/api/portfolios/:id',
    guarded({
      summary: 'Progress and results of one of your portfolios (poll while it is not done)',
      params: portfolioParamsSchema,
      response: { 200: portfolioDetailSchema, ...errors },
    }),
    (request) => service.get(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/portfolios/:id/rows/:rowId/retry',
    guarded({
      summary: 'Queue a failed row again (only a row whose assessment failed)',
      params: portfolioRowParamsSchema,
      response: { 202: z.object({ id: z.string(), status: z.literal('queued') }), ...errors, 409: errorSchema },
    }),
    async (request, reply) => {
      await service.retryRow(currentUser(request).id, request.params.id, request.params.rowId);
      return reply.status(202).send({ id: request.params.rowId, status: 'queued' as const });
    },
  );

  r.post(
    '/api/portfolios/:id/retry-failed',
    guarded({
      summary: 'Queue every failed row again that can run (rows refused at creation need corrected data)',
      params: portfolioParamsSchema,
      response: { 202: z.object({ retried: z.number().int() }), ...errors },
    }),
    async (request, reply) => reply.status(202).send(await service.retryFailed(currentUser(request).id, request.params.id)),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    r.get(
      `/api/portfolios/:id/export.${format}`,
      guarded({
        summary: `The portfolio's results as ${format.toUpperCase()}: one line per row, each risk's grade`,
        params: portfolioParamsSchema,
        response: errors,
      }),
      async (request, reply) => sendFile(reply, await service.exportFile(currentUser(request).id, request.params.id, format)),
    );
  }
}
