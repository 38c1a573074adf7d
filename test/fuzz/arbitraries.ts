import fc from 'fast-check';
import type { JsonSchema } from './routes.js';

/**
 * fast-check generators for hostile HTTP input: bodies (schema-shaped, wrong types, invalid
 * JSON, deep nesting, binary, large), content types, query strings, header values and
 * Authorization forms. Sizes stay under the body limit unless a test asks for more.
 */

/** Strings an attacker or a broken client sends. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '%00',
  '%ZZ',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  'http://127.0.0.1:1/',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'a@b.eu',
  'A@B.EU ',
  'user@example.com',
  'Correct-Horse-42',
  'PT123456789',
  'basic',
  'premium',
  'enterprise',
  'year',
  'month',
  '00000000-0000-0000-0000-000000000000',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
];

export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 3 },
  { arbitrary: fc.integer({ min: 200, max: 5000 }).map((n) => 'é'.repeat(n)), weight: 1 },
);

const oddNumbers = fc.constantFrom(0, -0, -1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324);

/** Any JSON value, odd ones included. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: anyString, weight: 2 },
  { arbitrary: oddNumbers, weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}), weight: 1 },
);

const wordy = (name: string, re: RegExp) => re.test(name);

/** A value that satisfies `schema`, as far as the fuzz understands it (names hint at formats). */
export function validValue(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validValue(s, name, depth)));
  if (schema.allOf?.length) return validValue(schema.allOf[0] ?? {}, name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (name === 'location' || name === 'country') return fc.constantFrom('Portugal', 'Germany', 'PT', 'Atlantis', '');
      if (name === 'company' || wordy(name, /fiscal/i)) return fc.constantFrom('PT500697256', 'PT 500 697 256', 'DE129273398', 'PT000000000', 'XX');
      if (schema.format === 'email' || wordy(name, /e-?mail/i)) {
        return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b.eu', 'user@example.com'));
      }
      if (schema.format === 'uuid') return fc.uuid();
      if (wordy(name, /password/i)) return fc.constantFrom('Correct-Horse-42', 'password', 'x'.repeat(129), 'Another-Pass-99');
      if (wordy(name, /link|url/i)) return fc.oneof(fc.webUrl(), fc.constantFrom('http://127.0.0.1:1/', 'sample:PT123456789'));
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 60, 200));
      // Mostly printable text; sometimes any code point (NUL, controls, lone surrogates) within the length rules.
      return fc.oneof(
        { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
        { arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: max }), weight: 1 },
      );
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(validValue(schema.items ?? {}, name, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 4)),
          });
    case 'object':
      return depth > 3 ? fc.constant({}) : validObject(schema, depth + 1);
    default:
      return anyJsonValue;
  }
}

function validObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(props)) shape[key] = validValue(s, key, depth);
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** A schema-shaped object with one thing wrong: a field of the wrong type, missing or extra. */
function brokenObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const base = validObject(schema);
  if (!keys.length) return fc.tuple(base, anyString, anyJsonValue).map(([o, k, v]) => ({ ...o, [k]: v }));
  return fc.tuple(base, fc.constantFrom(...keys), anyJsonValue, fc.nat({ max: 3 })).map(([o, key, value, how]) => {
    const copy: Record<string, unknown> = { ...o };
    if (how === 0) delete copy[key];
    else if (how === 1) copy[key] = null;
    else if (how === 2) copy[key] = value;
    else copy[key] = [copy[key], copy[key]];
    return copy;
  });
}

/** A JSON text nested `depth` levels deep (arrays, objects, or objects under `__proto__`). */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 500, max: 30_000 }), fc.constantFrom('array', 'object', 'proto'))
  .map(([depth, kind]) => {
    if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    const key = kind === 'proto' ? '__proto__' : 'a';
    return `{"${key}":`.repeat(depth) + '1' + '}'.repeat(depth);
  });

/** Bytes that are not what the content type says. */
const invalidJsonText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"email":',
    "{'email': 'a@b.eu'}",
    '{"a":1,}',
    '[1,2',
    '\ufeff{}',
    'nul',
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    '"\\ud800"',
    '1e999999',
    '\u0000',
    '{"a":"\u0000"}',
  ),
);

export interface FuzzBody {
  /** What is sent (undefined: no body). */
  payload?: string | Buffer;
  label: string;
  /** The body's own content type (multipart bodies carry their boundary). */
  contentType?: string;
}

/** A real 1×1 PNG (the analysis checks magic bytes). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const multipartPart = fc.record({
  name: fc.oneof(fc.constant('image'), fc.constantFrom('file', 'image[]', ''), anyString),
  filename: fc.option(fc.oneof(fc.constantFrom('map.png', '../../etc/passwd', 'a"b.png', 'x'.repeat(300)), anyString)),
  type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/json', '')),
  data: fc.oneof(
    fc.constant(TINY_PNG),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from(b)])),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  ),
});

/** multipart/form-data bodies: well formed with odd parts, or broken (wrong boundary, no end). */
export const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .tuple(fc.array(multipartPart, { maxLength: 14 }), fc.constantFrom('ok', 'wrong-boundary', 'no-end', 'no-boundary-param'))
  .map(([parts, style]) => {
    const boundary = 'fuzzBoundary7MA4YWxk';
    const clean = (v: string) => v.replace(/[\r\n"]/g, '');
    const body = Buffer.concat([
      ...parts.flatMap((p) => [
        Buffer.from(
          `--${style === 'wrong-boundary' ? 'other' : boundary}\r\nContent-Disposition: form-data; name="${clean(p.name)}"` +
            (p.filename === null ? '' : `; filename="${clean(p.filename)}"`) +
            (p.type === null ? '' : `\r\nContent-Type: ${p.type}`) +
            '\r\n\r\n',
        ),
        p.data,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(style === 'no-end' ? '' : `--${boundary}--\r\n`),
    ]);
    return {
      payload: body,
      label: `multipart (${parts.length} parts, ${style})`,
      contentType: style === 'no-boundary-param' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
    };
  });

/** Bodies for a route: schema-shaped (valid and broken), random JSON, invalid text, deep, binary, big. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  const shaped = schema
    ? [
        { arbitrary: validValue(schema).map((v) => ({ payload: JSON.stringify(v), label: 'valid-shaped JSON' })), weight: 3 },
        { arbitrary: brokenObject(schema).map((v) => ({ payload: JSON.stringify(v), label: 'broken-shaped JSON' })), weight: 4 },
      ]
    : [];
  return fc.oneof(
    ...shaped,
    { arbitrary: fc.constant({ payload: undefined, label: 'no body' }), weight: 1 },
    { arbitrary: anyJsonValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', label: 'random JSON' })), weight: 3 },
    { arbitrary: invalidJsonText.map((payload) => ({ payload, label: 'invalid JSON text' })), weight: 2 },
    { arbitrary: deepJson.map((payload) => ({ payload, label: 'deep nesting' })), weight: 1 },
    { arbitrary: multipartBody, weight: 2 },
    {
      arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => ({ payload: Buffer.from(b), label: 'binary' })),
      weight: 1,
    },
    {
      arbitrary: fc.integer({ min: 10_000, max: 200_000 }).map((n) => ({
        payload: JSON.stringify({ email: 'a@b.eu', password: 'x'.repeat(n), links: ['y'.repeat(n)] }),
        label: 'large strings under the limit',
      })),
      weight: 1,
    },
  );
}

export const contentTypes: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json;;;',
      'application/vnd.api+json',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/xml',
      'text/xml',
      'text/html',
      'multipart/form-data',
      'multipart/form-data; boundary=fuzz',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'image/png',
      '',
      ';',
      '*/*',
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 60 }).map(headerSafe), weight: 1 },
);

/** Header values must be visible ASCII (Node refuses others before the app sees them). */
export function headerSafe(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '').trim();
}

/** Query strings: the route's own parameters with odd values, unknown keys, broken encoding. */
export function queryFor(known: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const names = [...Object.keys(known), 'token', 'page', 'page_size', 'to', 'id', '__proto__', 'constructor[prototype][x]', 'a[b][c]'];
  const encode = (v: unknown) => encodeURIComponent(String(v).replace(/[\ud800-\udfff]/g, ''));
  const valid = Object.entries(known).map(([k, schema]) => validValue(schema, k).map((v) => `${k}=${encode(v)}`));
  const pair = fc.oneof(
    ...valid,
    fc.tuple(fc.constantFrom(...names), anyString).map(([k, v]) => `${k}=${encode(v)}`),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%AF', '+', '==', '&&', '1e309', '-1', '0x1F', '[]')).map(
      ([k, v]) => `${k}=${v}`,
    ),
    fc.constantFrom('%', '=', '&', '==&==', '%%%', 'a', 'a[]=1&a[]=2'),
    fc.integer({ min: 2_000, max: 20_000 }).map((n) => `big=${'q'.repeat(n)}`),
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** Values for a path parameter: plausible, odd, encoded, over the router's length limit. */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) || 'x'),
  fc.constantFrom('%ZZ', '%', '%00', '..', '%2e%2e', '%2F', 'a%2Fb', 'null', '0', '-1', '%E0%A4%A', 'cs_test_1', '%F0%9F%92%A9'),
  fc.integer({ min: 150, max: 400 }).map((n) => 'i'.repeat(n)),
);
