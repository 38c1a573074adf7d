import { randomInt } from 'node:crypto';

/**
 * A network of its own for an API sign-up (the e2e server trusts one proxy hop): the specs sign
 * up many accounts within the hour, more than one network may, and they test accounts, not
 * that limit (the server tests cover it).
 */
export function ownNetwork(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}
