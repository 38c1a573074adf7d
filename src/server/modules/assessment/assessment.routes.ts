import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ANALYSIS_IMAGE_MAX_BYTES,
  analysisResponseSchema,
  analysisQuerySchema,
  companyMapBodySchema,
  rateLimitedErrorSchema,
  reportLangQuerySchema,
} from '../../../shared/contracts/assessment-api.js';
import { errorSchema } from '../../../shared/contracts/common.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { errorAnswers, routeGroup } from '../../lib/route-group.js';
import { currentUser } from '../../plugins/auth-types.js';
import type { AnalysisImage } from '../../providers/analyst/analyst.js';
import type { AssessmentService } from './assessment.service.js';

const errors = errorAnswers(400, 401, 403, 404, 503);

export const imageErrors = {
  missing: "Send the location map as a multipart form field named 'image' (PNG or JPEG).",
  tooLarge: 'The map image is larger than 5 MB.',
  wrongType: 'The map image must be a PNG or JPEG file.',
};

/** PNG or JPEG by their magic bytes (the declared content type is not trusted). */
export function imageMime(data: Buffer): AnalysisImage['mime'] | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Reads the `image` part of call 13 (called by the service after the limit and credit checks). */
async function readImage(request: FastifyRequest): Promise<AnalysisImage> {
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: ANALYSIS_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    if (!file || file.fieldname !== 'image') throw badRequest(imageErrors.missing, 'image_missing');
    data = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'image_too_large', imageErrors.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(imageErrors.missing, 'image_missing');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(imageErrors.missing, 'image_missing');
    throw err;
  }
  const mime = imageMime(data);
  if (!mime) throw badRequest(imageErrors.wrongType, 'image_type');
  return { mime, data };
}

/** A rendered map: PNG bytes, cached privately for a day (the same point gives the same map). */
function sendPng(reply: FastifyReply, png: Buffer): FastifyReply {
  return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
}

/** The map (call 12) and the analysis (call 13). */
export async function assessmentRoutes(app: FastifyInstance, { service }: { service: AssessmentService }): Promise<void> {
  const { r, guarded } = routeGroup(app, { tag: 'assessment', scheme: 'bearerAuth', guard: app.authenticate });
  // Multipart only here (call 13's map image); the rest of the API stays JSON.
  await app.register(multipart, { limits: { fileSize: ANALYSIS_IMAGE_MAX_BYTES, files: 1 } });

  r.post(
    '/api/maps/company',
    guarded(
      { summary: 'The location map as a PNG, its legend in `lang`, else in your account language (call 12)', body: companyMapBodySchema, querystring: reportLangQuerySchema, response: errors },
      { config: { keepsUserCache: true } },
    ),
    async (request, reply) => {
      const { latitude, longitude } = request.body;
      const png = await service.renderMap(latitude, longitude, request.query.lang ?? currentUser(request).locale);
      // The picture's frame, so the client can turn a click or a moved pin into coordinates.
      const frame = service.mapFrame(latitude, longitude);
      if (frame) {
        reply.header('x-map-bounds', [frame.west, frame.south, frame.east, frame.north].map((n) => n.toFixed(6)).join(','));
        reply.header('x-map-projection', 'EPSG:3857');
      }
      return sendPng(reply, png);
    },
  );

  r.post(
    '/api/openai/company',
    guarded({
      summary: 'Risk analysis of the company (its texts in `lang`, else in your account language); multipart field `image` = the map (call 13)',
      querystring: analysisQuerySchema,
      response: {
        200: analysisResponseSchema,
        ...errors,
        408: errorSchema,
        413: errorSchema,
        429: rateLimitedErrorSchema,
        502: errorSchema,
      },
    }),
    (request) => service.analyse(currentUser(request).id, request.query, () => readImage(request)),
  );
}
