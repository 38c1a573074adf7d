import { describe, expect, it } from 'vitest';
import { LinkVerificationError, SignedLinks } from './signed-links.js';

const secret = 'test-secret-test-secret-test-secret-0123456789';
const user = '6f1c1c1e-8d36-4f57-9d0a-2a8c8b8f0001';
const other = '6f1c1c1e-8d36-4f57-9d0a-2a8c8b8f0002';

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof LinkVerificationError) return err.problem;
    throw err;
  }
  return 'accepted';
}

describe('signed company links', () => {
  const links = new SignedLinks({ baseUrl: 'https://corisk.example', secret });

  it('round-trips a link issued to the same user', () => {
    const link = links.issue(user, 'vies', 'EL094019245');
    expect(link).toMatch(/^https:\/\/corisk\.example\/api\/companies\/vies\/EL094019245\?exp=\d+&sig=[\w-]{43}$/);
    expect(links.verify(user, link)).toMatchObject({ source: 'vies', vatNumber: 'EL094019245' });
  });

  it("refuses another user's link, a tampered link and another server's link", () => {
    const link = links.issue(user, 'vies', 'PT501964843');
    expect(problem(() => links.verify(other, link))).toBe('bad_signature');
    expect(problem(() => links.verify(user, link.replace('PT501964843', 'PT500697256')))).toBe('bad_signature');
    expect(problem(() => links.verify(user, link.replace('/vies/', '/gleif/')))).toBe('bad_signature');
    expect(problem(() => links.verify(user, link.replace(/exp=\d+/, 'exp=9999999999')))).toBe('bad_signature');
    const elsewhere = new SignedLinks({ baseUrl: 'https://corisk.example', secret: `${secret}-other` });
    expect(problem(() => links.verify(user, elsewhere.issue(user, 'vies', 'PT501964843')))).toBe('bad_signature');
  });

  it('refuses links to other hosts and anything that is not a company link', () => {
    const link = links.issue(user, 'sample', 'PT501964843');
    expect(problem(() => links.verify(user, link.replace('https://corisk.example', 'http://169.254.169.254')))).toBe('foreign');
    expect(problem(() => links.verify(user, link.replace('https://corisk.example', 'https://corisk.example.evil.com')))).toBe('foreign');
    expect(problem(() => links.verify(user, 'http://localhost:5432/'))).toBe('foreign');
    expect(problem(() => links.verify(user, 'not a url'))).toBe('malformed');
    expect(problem(() => links.verify(user, `${link}&next=http://evil`))).toBe('malformed');
    expect(problem(() => links.verify(user, link.replace('https://', 'https://user:pw@')))).toBe('malformed');
    expect(problem(() => links.verify(user, link.replace('/api/companies/sample/', '/api/companies/sample/../../')))).not.toBe('accepted');
  });

  it('refuses an expired link', () => {
    let now = Date.UTC(2025, 0, 1);
    const clocked = new SignedLinks({ baseUrl: 'https://corisk.example', secret, ttlS: 60, now: () => now });
    const link = clocked.issue(user, 'vies', 'PT501964843');
    now += 59_000;
    expect(problem(() => clocked.verify(user, link))).toBe('accepted');
    now += 2_000;
    expect(problem(() => clocked.verify(user, link))).toBe('expired');
  });
});
