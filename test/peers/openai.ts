import { randomBytes } from 'node:crypto';
import { startHttpPeer, type HttpPeer, type RecordedRequest } from './http-peer.js';

/**
 * A local OpenAI-compatible chat completions peer: `POST /v1/chat/completions` with a bearer
 * key, answered as OpenAI does — a `chat.completion` object whose first choice's message
 * content is the JSON the test's `answer` function builds from the request — or failing the
 * ways the real API does: 401 invalid_api_key, 429 rate_limit_exceeded (with retry-after),
 * 500 server_error, a refusal, a cut-off answer (finish_reason 'length'), content that is not
 * JSON or not of the asked shape, or no answer at all (`hang`). Errors use OpenAI's envelope
 * `{error: {message, type, param, code}}`.
 */

export type OpenAiMode = 'ok' | 'rate_limited' | 'server_error' | 'hang' | 'refusal' | 'length' | 'not_json' | 'wrong_shape';

export interface OpenAiPeer extends HttpPeer {
  /** The base URL to configure (OPENAI_BASE_URL), ending in /v1. */
  baseUrl: string;
  apiKey: string;
  mode: OpenAiMode;
  /** Builds the structured answer (the message content) from the request body. */
  answer: (request: unknown) => unknown;
  /** Chat completion requests received. */
  completions(): RecordedRequest[];
}

const error = (status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) => ({
  status,
  json: { error: { message, type, param: null, code } },
  headers,
});

export async function startOpenAiPeer(answer: (request: unknown) => unknown, apiKey = 'sk-test-corisk-peer'): Promise<OpenAiPeer> {
  const state: { mode: OpenAiMode; answer: (request: unknown) => unknown } = { mode: 'ok', answer };
  const peer = await startHttpPeer((req) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') {
      return error(404, `Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', null);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return error(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key');
    }
    const body = req.json as { model?: string } | undefined;
    if (!body || typeof body.model !== 'string') return error(400, "you must provide a model parameter", 'invalid_request_error', null);
    const completion = (content: string | null, extra: { refusal?: string; finish_reason?: string } = {}) => ({
      json: {
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: extra.refusal ?? null, annotations: [] },
            logprobs: null,
            finish_reason: extra.finish_reason ?? 'stop',
          },
        ],
        usage: { prompt_tokens: 1200, completion_tokens: 600, total_tokens: 1800 },
        service_tier: 'default',
        system_fingerprint: 'fp_corisk_peer',
      },
    });
    switch (state.mode) {
      case 'rate_limited':
        return error(429, `Rate limit reached for ${body.model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`, 'requests', 'rate_limit_exceeded', {
          'retry-after': '20',
          'x-ratelimit-limit-requests': '3',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '20s',
        });
      case 'server_error':
        return error(500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
      case 'hang':
        return { delayMs: 300_000, json: {} };
      case 'refusal':
        return completion(null, { refusal: "I'm sorry, I can't help with that." });
      case 'length':
        return completion(JSON.stringify(state.answer(req.json)).slice(0, 40), { finish_reason: 'length' });
      case 'not_json':
        return completion('Here is the assessment you asked for: the company looks fine.');
      case 'wrong_shape':
        return completion(JSON.stringify({ risks: 'low' }));
      case 'ok':
        return completion(JSON.stringify(state.answer(req.json)));
    }
  });
  return {
    ...peer,
    baseUrl: `${peer.url}/v1`,
    apiKey,
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get answer() {
      return state.answer;
    },
    set answer(a) {
      state.answer = a;
    },
    completions: () => peer.requests.filter((r) => r.path === '/v1/chat/completions'),
  };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** The text the smallest answer puts in every string (non-empty, so reasons stay reasons). */
export const SMALLEST_TEXT = 'minimal';

/**
 * The smallest JSON the given response_format schema accepts, as a model that follows it to the
 * letter may answer: objects with only their required properties, arrays at minItems, the first
 * enum value, numbers at their minimum. Whatever the schema does not require is left out.
 */
export function smallestValidAnswer(schema: JsonSchema, root: JsonSchema = schema): unknown {
  if (schema.$ref) {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? root.$defs?.[name] : undefined;
    if (!target) throw new Error(`smallestValidAnswer: unresolved $ref ${schema.$ref}`);
    return smallestValidAnswer(target, root);
  }
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return smallestValidAnswer(schema.anyOf[0]!, root);
  const type = Array.isArray(schema.type) ? (schema.type.includes('null') ? 'null' : schema.type[0]) : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, smallestValidAnswer(schema.properties?.[key] ?? {}, root)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => smallestValidAnswer(schema.items ?? {}, root));
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 0);
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return SMALLEST_TEXT;
    default:
      throw new Error(`smallestValidAnswer: no type in ${JSON.stringify(schema).slice(0, 80)}`);
  }
}

/** The smallest valid answer to the response_format schema of a chat completions request. */
export function smallestAnswerTo(request: unknown): unknown {
  const schema = (request as { response_format?: { json_schema?: { schema?: JsonSchema } } }).response_format?.json_schema?.schema;
  if (!schema) throw new Error('the request has no response_format json_schema');
  return smallestValidAnswer(schema);
}
