import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

// Formats are left to the zod contracts the handlers build their answers from; types, enums,
// constants, patterns and required fields are checked on every answer.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });

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

/**
 * Response bodies checked and written by code compiled once per route from its zod schema: an
 * Ajv validator and a fast-json-stringify serializer (what Fastify does for JSON Schema). An answer
 * that breaks its schema is a 500, never sent; only the declared fields go out, whatever else the
 * handler returns. This costs a fraction of zod's parse-then-stringify on every answer. A schema
 * JSON Schema cannot express falls back to the zod serializer.
 */
export const responseSerializerCompiler = (route: RouteSchema) => {
  const schema = route.schema;
  if (schema instanceof z.ZodType) {
    let compiled: ((data: unknown) => string) | undefined;
    try {
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      const valid = ajv.compile(allowingExtras(json) as object);
      const stringify = fastJson(json as Parameters<typeof fastJson>[0]);
      compiled = (data: unknown) => {
        if (!valid(data)) {
          const issue = valid.errors?.[0];
          throw new Error(`response of ${route.method} ${route.url} does not match its schema: ${issue?.instancePath || '/'} ${issue?.message ?? ''}`);
        }
        return stringify(data);
      };
    } catch {
      // not expressible as JSON Schema: the zod serializer below
    }
    if (compiled) return compiled;
  }
  return zodSerializerCompiler(route);
};
