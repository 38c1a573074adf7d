import type { Ajv, Options as AjvOptions } from 'ajv';
import type fastJsonType from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lazyModule } from './lazy-module.js';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];
type Serialize = (data: unknown) => string;

// Loaded after the first answer, not at start nor in its path: loading both takes a good part of
// what a start to the first health check takes (start-up time counts).
const ajvModule = lazyModule<{ Ajv: new (options: AjvOptions) => Ajv }>('ajv');
const fastJsonModule = lazyModule<typeof fastJsonType>('fast-json-stringify');
let compilers: { ajv: Ajv; fastJson: typeof fastJsonType } | undefined;
let loadScheduled = false;

/** Loads the compilers now (tests); otherwise they load on their own just after the first answer. */
export function loadResponseCompilers(): void {
  // Formats are left to the zod contracts the handlers build their answers from; types, enums,
  // constants, patterns and required fields are checked on every answer.
  compilers ??= { ajv: new (ajvModule().Ajv)({ strict: false, validateFormats: false, allErrors: false }), fastJson: fastJsonModule() };
}

/** The compilers when loaded; else undefined, and they load once the current answer is out. */
function loadedCompilers(): typeof compilers {
  if (!compilers && !loadScheduled) {
    loadScheduled = true;
    setImmediate(loadResponseCompilers);
  }
  return compilers;
}

/** The schema with extra properties allowed: the serializer drops them, they are not an error. */
function allowingExtras(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingExtras);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = allowingExtras(value);
  }
  return out;
}

interface Compiled {
  valid: ReturnType<Ajv['compile']>;
  stringify: Serialize;
}

/** Compiled once per schema object: the shared error schema serves every route and status. */
const compiledBySchema = new WeakMap<z.ZodType, Compiled | null>();

function compile(schema: z.ZodType, { ajv, fastJson }: NonNullable<typeof compilers>): Compiled | null {
  let compiled = compiledBySchema.get(schema);
  if (compiled !== undefined) return compiled;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    compiled = { valid: ajv.compile(allowingExtras(json) as object), stringify: fastJson(json as Parameters<typeof fastJsonType>[0]) };
  } catch {
    // not expressible as JSON Schema
    compiled = null;
  }
  compiledBySchema.set(schema, compiled);
  return compiled;
}

/**
 * Response bodies checked and written by code compiled from the route's zod schema: an Ajv
 * validator and a fast-json-stringify serializer (what Fastify does for JSON Schema). An answer
 * that breaks its schema is a 500, never sent; only the declared fields go out, whatever else the
 * handler returns. This costs a fraction of zod's parse-then-stringify on every answer. A schema is
 * compiled at its first answer once the compilers are loaded (until then, right after a start, zod
 * serves). A schema JSON Schema cannot express is served by the zod serializer.
 */
export const responseSerializerCompiler = (route: RouteSchema): Serialize => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route) as Serialize;
  const checked =
    ({ valid, stringify }: Compiled): Serialize =>
    (data) => {
      if (!valid(data)) {
        const issue = valid.errors?.[0];
        throw new Error(`response of ${route.method} ${route.url} does not match its schema: ${issue?.instancePath || '/'} ${issue?.message ?? ''}`);
      }
      return stringify(data);
    };
  let serialize: Serialize | undefined;
  let byZod: Serialize | undefined;
  return (data: unknown) => {
    if (!serialize) {
      const loaded = loadedCompilers();
      byZod ??= zodSerializerCompiler(route) as Serialize;
      // Until the compilers are loaded (the first answers after a start), zod checks and writes.
      if (!loaded) return byZod(data);
      const compiled = compile(schema, loaded);
      serialize = compiled ? checked(compiled) : byZod;
    }
    return serialize(data);
  };
};
