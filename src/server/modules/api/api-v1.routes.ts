import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { reportLangQuerySchema, reportParamsSchema } from '../../../shared/contracts/assessment-api.js';
import { apiAssessmentListSchema, apiPageQuerySchema, apiPortfolioListSchema, idempotencyHeadersSchema } from '../../../shared/contracts/api-v1.js';
import { errorSchema } from '../../../shared/contracts/common.js';
import { apiScreeningRequestSchema, reportScreeningSchema } from '../../../shared/contracts/screening.js';
import {
  apiAssessmentBodySchema,
  apiAssessmentSchema,
  PORTFOLIO_FILE_MAX_BYTES,
  portfolioCreateBodySchema,
  portfolioCreatedSchema,
  portfolioDetailSchema,
  portfolioParamsSchema,
} from '../../../shared/contracts/portfolio.js';
import { routeGroup } from '../../lib/route-group.js';
import { screeningErrors } from '../screening/index.js';
import { currentApiKey } from '../../plugins/api-key-auth.js';
import { pageMessages, type ApiV1Service } from './api-v1.service.js';
import { apiKeyMessages } from './api-keys.service.js';
import { idempotencyMessages, readIdempotencyKey, type StoredAnswer } from './idempotency.service.js';

/** An error answer with what it means and an example body (the messages the server sends). */
const described = (text: string, detail: string, code: string) => errorSchema.meta({ description: text, example: { detail, code } });
const common = {
  401: described('No API key, an unknown or revoked key, or a session token instead of a key', apiKeyMessages.revoked, 'api_key_revoked'),
  429: described(
    'More requests than the key may make per minute; wait the seconds in Retry-After',
    `${apiKeyMessages.rateLimited} Please try again in 42 seconds.`,
    'rate_limited',
  ),
};
const notFound = (what: string) => described(`No ${what} of yours has this id`, `${what === 'report' ? 'Report' : 'Portfolio'} not found`, `${what}_not_found`);
const noCredits = described(
  'No credits left, or the plan does not include assessments; nothing was spent',
  'Your free trial credits are used up. Subscribe to a plan to run more assessments.',
  'access_denied',
);
const postErrors = {
  400: described(
    'Invalid body, site or Idempotency-Key; `detail` names the problem. A bad fiscal number has one code per problem: `vat_wrong_length`, `vat_wrong_characters`, `vat_check_digit` or `vat_other_state` (a number of another member state); a missing or unsupported country `invalid_site`',
    'Invalid VAT number for Portugal: the check digit does not match: please check the number.',
    'vat_check_digit',
  ),
  ...common,
  409: described('A request with this Idempotency-Key is still running; retry shortly', idempotencyMessages.running, 'idempotency_key_in_use'),
  422: described('This Idempotency-Key was used with a different request', idempotencyMessages.mismatch, 'idempotency_key_reused'),
};

const report = apiAssessmentSchema.meta({ description: "The report: the screen's result fields (scores, grades, reasons, evidence, takeaways) and company_data" });

const listErrors = {
  400: described('A limit outside 1–100, or a cursor this list did not hand out', pageMessages.badCursor, 'invalid_cursor'),
  ...common,
};
/** The doc of a list read a page at a time (cursor paging). */
const pagedList = <L>(summary: string, list: L) => ({
  summary,
  description: 'Send the answer\'s `next` as `cursor` for the following page; `next` is null on the last page.',
  querystring: apiPageQuerySchema,
  response: { 200: list, ...listErrors },
});
const fileOf = (type: string) => ({ content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } } });
const exportTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A stored or fresh answer, with the created resource's URL; replays say so in a header. */
function sendAnswer<T extends { id: string }>(reply: FastifyReply, answer: StoredAnswer<T>, location: (id: string) => string): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  if (answer.status === 201 || answer.status === 202) reply.header('location', location(answer.body.id));
  return reply.code(answer.status).send(answer.body);
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'report.pdf';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The public API: API-key bearer auth (never a session token), per-key rate limit, Idempotency-Key on POSTs. */
export async function apiV1Routes(app: FastifyInstance, { service }: { service: ApiV1Service }): Promise<void> {
  const { r, guarded } = routeGroup(app, { tag: 'public API (v1)', scheme: 'apiKey', guard: app.authenticateApiKey });

  r.post(
    '/api/v1/assessments',
    guarded({
      summary: 'Assess a company site: the whole pipeline on the server, 1 credit',
      description:
        'Finds the company by fiscal number and country (name or ISO code), places it (at `site_address` when given), ' +
        'scores it and stores the report; the answer is the report. Send an `Idempotency-Key` to make retries safe.',
      headers: idempotencyHeadersSchema,
      body: apiAssessmentBodySchema.meta({ example: { fiscal_number: '500697256', country: 'PT', site_address: 'Avenida da Boavista 1277, 4100-130 Porto', site_type: 'office' } }),
      response: {
        201: report.meta({ description: 'The report; `Location` is its URL' }),
        ...postErrors,
        403: noCredits,
        404: described('No company with this fiscal number in that country', 'No company with VAT number PT 501964843 was found in Portugal.', 'company_not_found'),
        408: described('The analysis timed out; nothing was spent', 'Analysis timed out - please try again', 'analysis_timeout'),
        502: described(
          'The analysis failed; nothing was spent',
          'The AI analysis service is unavailable right now. No credit was used - please try again in a few minutes.',
          'analysis_unavailable',
        ),
        503: described(
          'A company register or the geocoder is unavailable; nothing was spent',
          'The VAT registry of France is unavailable right now. Please try again in a few minutes.',
          'registry_unavailable',
        ),
      },
    }),
    async (request, reply) => {
      const answer = await service.createAssessment(currentApiKey(request), request.body, readIdempotencyKey(request.headers['idempotency-key']));
      return sendAnswer(reply, answer, (id) => `/api/v1/assessments/${id}`);
    },
  );

  r.post(
    '/api/v1/screenings',
    guarded({
      summary: 'Screen a name against the EU, UN and UK sanctions lists: no report, no credit',
      description:
        'Identifiers first (a listed registration or fiscal number equal to `fiscal_number` is a match whatever the names say), ' +
        'then the name: normalised, transliterated, legal forms weighed down; a contradicting `country` lowers the score. ' +
        '`status` is `match` (a hit of 0.9 or more), `possible_match` (0.7 or more), `clear`, or `not_screened` when a list is ' +
        'older than SANCTIONS_MAX_AGE_DAYS or not held: a stale list never clears anyone.',
      body: apiScreeningRequestSchema.meta({ example: { name: 'Rosneftegaz Trading LLC', country: 'RU' } }),
      response: {
        200: reportScreeningSchema,
        400: described('Invalid body or an unknown country; `detail` names the problem', screeningErrors.unknownCountry('Atlantis'), 'invalid_country'),
        ...common,
      },
    }),
    (request) => service.screenName(currentApiKey(request), request.body),
  );

  r.get(
    '/api/v1/assessments',
    guarded(pagedList('Your reports, newest first, a page at a time', apiAssessmentListSchema)),
    (request) => service.listAssessments(currentApiKey(request), request.query),
  );

  r.get(
    '/api/v1/assessments/:id',
    guarded({
      summary: 'One of your reports (its texts in `lang`, else in your account language; `locale` says which)',
      params: reportParamsSchema,
      querystring: reportLangQuerySchema,
      response: { 200: report, ...common, 404: notFound('report') },
    }),
    (request) => service.getAssessment(currentApiKey(request), request.params.id, request.query.lang ?? currentApiKey(request).locale),
  );

  r.get(
    '/api/v1/assessments/:id/pdf',
    guarded({
      summary: "One of your reports as PDF (the screen's 'Download Full Report'), in `lang` or your account language",
      params: reportParamsSchema,
      querystring: reportLangQuerySchema,
      response: {
        200: { description: 'The PDF', content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } } },
        ...common,
        404: notFound('report'),
      },
    }),
    async (request, reply) => {
      const pdf = await service.assessmentPdf(currentApiKey(request), request.params.id, request.query.lang ?? currentApiKey(request).locale);
      return reply.type('application/pdf').header('content-disposition', attachment(pdf.fileName)).send(pdf.bytes);
    },
  );

  // A portfolio may come as CSV (the same columns as the upload on the screen).
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, { rows: service.csvRows(String(body)) });
    } catch (err) {
      done(err as Error);
    }
  });

  r.post(
    '/api/v1/portfolios',
    guarded(
      {
        summary: 'Queue a portfolio: JSON {rows} or a CSV body (Content-Type: text/csv, UTF-8); 1 credit per valid row',
        description:
          'Rows: fiscal_number, country (name or ISO code), reference (optional), site_address (optional). ' +
          'Invalid rows are kept as failed rows with the problem in words and are never charged. Poll GET /api/v1/portfolios/{id}.',
        headers: idempotencyHeadersSchema,
        body: portfolioCreateBodySchema.meta({
          example: { name: 'Q3 renewals', rows: [{ fiscal_number: '500697256', country: 'Portugal', reference: 'POL-001' }] },
        }),
        response: { 202: portfolioCreatedSchema.meta({ description: 'Queued; follow it with GET /api/v1/portfolios/{id} (the `Location`)' }), ...postErrors, 403: noCredits },
      },
      { bodyLimit: PORTFOLIO_FILE_MAX_BYTES },
    ),
    async (request, reply) => {
      const answer = await service.createPortfolio(currentApiKey(request), request.body, readIdempotencyKey(request.headers['idempotency-key']));
      return sendAnswer(reply, answer, (id) => `/api/v1/portfolios/${id}`);
    },
  );

  r.get(
    '/api/v1/portfolios',
    guarded(pagedList('Your portfolios with their progress, newest first, a page at a time', apiPortfolioListSchema)),
    (request) => service.listPortfolios(currentApiKey(request), request.query),
  );

  r.get(
    '/api/v1/portfolios/:id',
    guarded({
      summary: 'A portfolio with its progress and its rows (scores, grades and sanctions screening once done)',
      params: portfolioParamsSchema,
      response: { 200: portfolioDetailSchema.meta({ description: 'Progress (status, done, failed, eta_seconds) and every row' }), ...common, 404: notFound('portfolio') },
    }),
    (request) => service.getPortfolio(currentApiKey(request), request.params.id),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    r.get(
      `/api/v1/portfolios/:id/export.${format}`,
      guarded({
        summary: `A portfolio's results as ${format.toUpperCase()}: the web's export, one line per row with each risk's grade`,
        params: portfolioParamsSchema,
        response: { 200: { description: `The ${format.toUpperCase()} file`, ...fileOf(exportTypes[format]) }, ...common, 404: notFound('portfolio') },
      }),
      async (request, reply) => {
        const file = await service.exportPortfolio(currentApiKey(request), request.params.id, format);
        return reply.type(file.contentType).header('content-disposition', attachment(file.filename)).send(file.body);
      },
    );
  }
}
