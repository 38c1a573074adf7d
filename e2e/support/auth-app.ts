import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../test/smtp-capture.js';

/**
 * The accounts e2e run against their own instance of the built app whose mail goes over real
 * SMTP to a capture server in this worker (test/smtp-capture.ts). The shared webServer keeps
 * its dev outbox, which the other specs read.
 */

const root = new URL('../..', import.meta.url).pathname;

export interface AuthApp {
  url: string;
  smtp: SmtpCapture;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app did not become healthy at ${url} within ${timeoutMs} ms`);
}

export const test = base.extend<object, { authApp: AuthApp }>({
  authApp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const smtp = await startSmtpCapture();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'corisk-e2e-auth-'));
      const child = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Corisk <no-reply@e2e.test>',
          COMPANY_SOURCES: 'sample',
          GEOCODERS: 'offline',
        },
      });
      try {
        await waitForHealth(url, child, 90_000);
        await use({ url, smtp });
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ authApp }, use) => {
    await use(authApp.url);
  },
});

export { expect };

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
  fiscalNumber: string;
}

let counter = 0;
export function newAccount(firstName = 'Ana'): Account {
  counter += 1;
  return {
    firstName,
    lastName: 'Silva',
    email: `auth-${Date.now()}-${process.pid}-${counter}@e2e.test`,
    password: 'Harbour-Lights-2025',
    companyName: 'Atlântico Seguros Lda',
    fiscalNumber: 'PT501964843',
  };
}

/** Waits for the mail to `to` whose links contain `linkPart`; returns the mail and that link. */
export async function mailLink(smtp: SmtpCapture, to: string, linkPart: string): Promise<{ mail: CapturedMail; link: string }> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.links.some((l) => l.includes(linkPart)), 20_000);
  const link = mail.links.find((l) => l.includes(linkPart));
  if (!link) throw new Error(`no ${linkPart} link in the mail to ${to}`);
  return { mail, link };
}

/** Signs up through the API and follows the confirmation link from the SMTP mail. */
export async function createConfirmedAccount(request: APIRequestContext, smtp: SmtpCapture, account = newAccount()): Promise<Account> {
  const res = await request.post('/api/auth/signup', { data: { ...account, confirmPassword: account.password } });
  expect(res.status(), await res.text()).toBe(201);
  const { link } = await mailLink(smtp, account.email, '/api/auth/confirm');
  const confirm = await request.get(link, { maxRedirects: 0 });
  expect(confirm.headers().location).toBe('/auth/confirm');
  return account;
}

export async function signInThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>, keepLoggedIn: boolean): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (keepLoggedIn) await page.getByLabel('Keep me logged in').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Where the session lives: which storage holds the access token, and the stored type. */
export async function sessionStorageState(page: Page) {
  return page.evaluate(() => ({
    local: localStorage.getItem('access_token'),
    session: sessionStorage.getItem('access_token'),
    type: localStorage.getItem('auth_storage_type') ?? sessionStorage.getItem('auth_storage_type'),
    planStatus: localStorage.getItem('plan_status'),
  }));
}

/** Opens the signed-in badge's menu in the nav bar and chooses Logout. */
export async function logoutThroughNav(page: Page, firstName: string): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: firstName }).hover();
  await banner.getByRole('menuitem', { name: 'Logout' }).click();
}
