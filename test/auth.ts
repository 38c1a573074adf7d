import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OutboxMailer, type OutboxMail } from '../src/server/providers/mailer/outbox.js';
import type { SigninResponse } from '../src/shared/contracts/auth.js';
import { providersOf } from './providers.js';

/**
 * Accounts for tests: real sign-up, confirmation link from the outbox, real sign-in — the same
 * path a person takes. Each call comes from its own made-up client address (inject's
 * remoteAddress; nothing goes on the network) so the per-IP sign-up limit never gets in the way.
 */

export const TEST_PASSWORD = 'Correct-Horse-42';

let seq = 0;

export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}-${randomBytes(4).toString('hex')}-${seq}@example.com`;
}

/** A client address for `inject({ remoteAddress })`. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function outboxOf(app: FastifyInstance): OutboxMailer {
  const { mailer } = providersOf(app);
  if (!(mailer instanceof OutboxMailer)) throw new Error('this app sends mail over SMTP, not to the outbox');
  return mailer;
}

/** The newest outbox mail to `to` (whose subject matches), waiting briefly for background sends. */
export async function waitForOutboxMail(
  app: FastifyInstance,
  to: string,
  subject: RegExp = /./,
  timeoutMs = 3000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = outboxOf(app)
      .list(to)
      .find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword?: string;
  companyName: string;
  fiscalNumber: string;
  /** The account's language (one of LOCALES); left out, the server negotiates it from Accept-Language. */
  locale?: string;
}

export function signupInput(overrides: Partial<SignupInput> = {}): SignupInput {
  const password = overrides.password ?? TEST_PASSWORD;
  return {
    firstName: 'Ana',
    lastName: 'Silva',
    email: uniqueEmail(),
    password,
    confirmPassword: password,
    companyName: 'Silva Seguros Lda',
    fiscalNumber: 'PT123456789',
    ...overrides,
  };
}

/** Signs up and follows the confirmation link from the outbox. */
export async function signUpConfirmed(app: FastifyInstance, overrides: Partial<SignupInput> = {}): Promise<SignupInput> {
  const input = signupInput(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: input, remoteAddress: uniqueIp() });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  // The first mail to a new address is its confirmation, in the account's language.
  const mail = await waitForOutboxMail(app, input.email.toLowerCase(), /./);
  const link = mail.links.find((l) => l.includes('/api/auth/confirm?token='));
  if (!link) throw new Error('confirmation mail has no link');
  const url = new URL(link);
  const confirm = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (confirm.headers.location !== '/auth/confirm') throw new Error(`confirm failed: ${confirm.headers.location}`);
  return input;
}

export async function signIn(app: FastifyInstance, email: string, password: string = TEST_PASSWORD): Promise<SigninResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface TestUser extends SigninResponse {
  email: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for inject. */
  headers: { authorization: string };
}

/** A confirmed, signed-in user (sign-up → confirmation link → sign-in). */
export async function createSignedInUser(app: FastifyInstance, overrides: Partial<SignupInput> = {}): Promise<TestUser> {
  const input = await signUpConfirmed(app, overrides);
  const session = await signIn(app, input.email, input.password);
  return {
    ...session,
    email: input.email.toLowerCase(),
    password: input.password,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** A new API key of `user`, as the Authorization header /api/v1 takes; throws unless it was created. */
export async function apiKeyOf(app: FastifyInstance, user: TestUser, name = 'test'): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers: user.headers, payload: { name } });
  if (res.statusCode !== 201) throw new Error(`API key not created: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ secret: string }>().secret}` };
}
