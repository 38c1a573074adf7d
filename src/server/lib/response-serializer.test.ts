import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { planStatusResponseSchema } from '../../shared/contracts/billing.js';
import { loadResponseCompilers, responseSerializerCompiler } from './response-serializer.js';

type Compiler = typeof responseSerializerCompiler;
const compileWith = (compiler: Compiler, schema: z.ZodType) =>
  compiler({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (data: unknown) => string;
const compile = (schema: z.ZodType) => compileWith(responseSerializerCompiler, schema);

const planStatus = {
  plan: 'basic_year',
  allowed: true,
  reason: 'Subscription active: 100 credits remaining.',
  signup_credits: 0,
  credits: 100,
  limit_date: '2027-01-01T00:00:00.000Z',
  end_date: null,
  status: 'active',
};

describe('responseSerializerCompiler before its compilers are loaded (the first answers after a start)', () => {
  it('answers through zod, the same text, and uses the compiled serializer once they have loaded just after', async () => {
    vi.resetModules();
    const fresh = await import('./response-serializer.js');
    const serialize = compileWith(fresh.responseSerializerCompiler, planStatusResponseSchema);
    expect(JSON.parse(serialize({ ...planStatus, password_hash: 'x' }))).toEqual(planStatusResponseSchema.parse(planStatus));
    const wrong = { ...planStatus, credits: 'many' };
    expect(() => serialize(wrong)).toThrow();
    expect(() => serialize(wrong)).not.toThrow(/does not match its schema/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => serialize(wrong)).toThrow(/does not match its schema/);
    expect(serialize(planStatus)).toBe(JSON.stringify(planStatusResponseSchema.parse(planStatus)));
  });
});

beforeAll(() => loadResponseCompilers());

describe('responseSerializerCompiler', () => {
  it('writes only the declared fields, whatever else the handler returns', () => {
    const serialize = compile(z.object({ id: z.string(), email: z.string(), nested: z.object({ a: z.number() }) }));
    const out = JSON.parse(serialize({ id: 'u1', email: 'a@b.eu', password_hash: '$argon2id$…', nested: { a: 1, secret: 'x' } }));
    expect(out).toEqual({ id: 'u1', email: 'a@b.eu', nested: { a: 1 } });
  });

  it('writes what the zod serializer writes for a real contract (nullable fields, enums)', () => {
    expect(JSON.parse(compile(planStatusResponseSchema)(planStatus))).toEqual(planStatusResponseSchema.parse(planStatus));
  });

  it('refuses an answer that lacks a required field', () => {
    expect(() => compile(z.object({ id: z.string(), credits: z.number() }))({ id: 'u1' })).toThrow();
  });

  it('falls back to the zod serializer for a schema JSON Schema cannot express', () => {
    const serialize = compile(z.object({ at: z.date() }));
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });
});

describe('responseSerializerCompiler checks every answer against its schema', () => {
  it.each([
    ['a wrong constant', z.object({ ok: z.literal(true) }), { ok: false }],
    ['a value outside an enum', z.object({ status: z.enum(['active', 'none']) }), { status: 'hacked' }],
    ['a wrong type', z.object({ credits: z.number().int() }), { credits: '3' }],
    ['null where null is not allowed', z.object({ name: z.string() }), { name: null }],
  ])('%s is refused', (_what, schema, data) => {
    expect(() => compile(schema)(data)).toThrow(/does not match its schema/);
  });
});
