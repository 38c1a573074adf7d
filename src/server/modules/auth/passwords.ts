import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { projectRoot } from '../../lib/paths.js';

/**
 * Password hashing with argon2id at @node-rs/argon2's defaults (19 MiB, 2 iterations, 1 lane:
 * the OWASP minimum profile), and the common-password rule (ASVS 2.1.7).
 */

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no user to check against, so an unknown
 * e-mail answers as slowly as a known one with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('corisk-dummy-password-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}

// Read from the source tree (like the migrations) so the built server finds it too.
const COMMON_PASSWORDS_FILE = join(projectRoot, 'src/server/modules/auth/common-passwords.txt');
let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n');
  return new Set(lines.map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith('#')));
}

/** True for the bundled most common passwords, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}
