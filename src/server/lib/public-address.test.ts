import { describe, expect, it } from 'vitest';
import { AddressRefusedError, isPublicAddress, resolvePublicHost } from './public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::192.168.0.1',
    '[::1]',
    'localhost',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('resolvePublicHost', () => {
  it('refuses a name that resolves to loopback, and lets it through when private addresses are allowed', async () => {
    await expect(resolvePublicHost('localhost', false)).rejects.toBeInstanceOf(AddressRefusedError);
    const allowed = await resolvePublicHost('localhost', true);
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.every((a) => !isPublicAddress(a.address))).toBe(true);
  });

  it('checks IP literals without a lookup, bracketed IPv6 included', async () => {
    await expect(resolvePublicHost('[::1]', false)).rejects.toMatchObject({ reason: 'not_public' });
    await expect(resolvePublicHost('10.0.0.5', false)).rejects.toMatchObject({ reason: 'not_public' });
    expect(await resolvePublicHost('8.8.8.8', false)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolvePublicHost('no-such-host.invalid', true)).rejects.toMatchObject({ reason: 'unresolved' });
  });
});
