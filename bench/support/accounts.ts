import { randomBytes } from 'node:crypto';
import type { SmtpCapture } from '../../test/smtp-capture.js';

/**
 * Accounts made the way a person makes them, over HTTP against a running server: sign up, follow
 * the confirmation link from the mail (received by a local SMTP capture the server sends to), sign
 * in. `ip` goes out as X-Forwarded-For: with TRUST_PROXY set to the loopback address, as behind a
 * load balancer, each simulated person then counts as their own client for the per-IP limits.
 */

export const BENCH_PASSWORD = 'Correct-Horse-42';

export interface HttpAccount {
  email: string;
  password: string;
  ip?: string;
  token: string;
  userId: string;
}

export function randomEmail(prefix = 'bench'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A made-up client address, distinct per call with high probability. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function clientHeaders(ip: string | undefined, token?: string): Record<string, string> {
  return { ...(ip ? { 'x-forwarded-for': ip } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
}

export async function signUpConfirmedOverHttp(
  baseUrl: string,
  smtp: SmtpCapture,
  account: { email: string; password?: string; ip?: string },
): Promise<void> {
  const password = account.password ?? BENCH_PASSWORD;
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders(account.ip) },
    body: JSON.stringify({
      firstName: 'Ana',
      lastName: 'Silva',
      email: account.email,
      password,
      confirmPassword: password,
      companyName: 'Silva Seguros Lda',
      fiscalNumber: 'PT123456789',
    }),
  });
  await expectStatus(signup, 201, `sign-up of ${account.email}`);
  const mail = await smtp.waitFor((m) => m.to.includes(account.email) && /Confirm your/.test(m.subject), 30_000);
  const link = mail.links.find((l) => l.includes('/api/auth/confirm?token='));
  if (!link) throw new Error(`the confirmation mail to ${account.email} has no link`);
  const u = new URL(link);
  const confirm = await fetch(`${baseUrl}${u.pathname}${u.search}`, { redirect: 'manual' });
  if (confirm.headers.get('location') !== '/auth/confirm') {
    throw new Error(`confirmation of ${account.email} failed: ${confirm.status} → ${confirm.headers.get('location')}`);
  }
}

export async function signInOverHttp(
  baseUrl: string,
  account: { email: string; password?: string; ip?: string },
): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientHeaders(account.ip) },
    body: JSON.stringify({ email: account.email, password: account.password ?? BENCH_PASSWORD }),
  });
  await expectStatus(res, 200, `sign-in of ${account.email}`);
  const body = (await res.json()) as { access_token: string; user_id: string };
  return { token: body.access_token, userId: body.user_id };
}

/** Sign-up, confirmation link, sign-in. */
export async function createAccountOverHttp(
  baseUrl: string,
  smtp: SmtpCapture,
  options: { email?: string; password?: string; ip?: string } = {},
): Promise<HttpAccount> {
  const account = { email: options.email ?? randomEmail(), password: options.password ?? BENCH_PASSWORD, ip: options.ip };
  await signUpConfirmedOverHttp(baseUrl, smtp, account);
  return { ...account, ...(await signInOverHttp(baseUrl, account)) };
}
