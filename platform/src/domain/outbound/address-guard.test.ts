import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-guard.js';
import { outboundFailureOf } from './failure.js';
import { outboundFetch } from './fetch.js';
import { PrivateAddressRefused } from './address-guard.js';

// The one address guard of every fetch made on a customer's word (webhooks, identity providers): which
// addresses production reaches, and how failures are told without telling one port from another.

describe('isPublicAddress', () => {
  it.each([
    // IPv4: private, loopback, link-local (cloud metadata), CGNAT, this network, multicast, reserved.
    '10.1.2.3',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    // IPv6: unspecified, loopback, unique local, link-local, multicast.
    '::',
    '::1',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    // ::/96, the IPv4-compatible block, whatever IPv4 address it holds.
    '::a00:1',
    '::808:808',
    '::127.0.0.1',
    // ::ffff:0:0/96, IPv4-mapped: the mapped address decides.
    '::ffff:10.0.0.5',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    // 64:ff9b::/96, NAT64: the embedded IPv4 address decides.
    '64:ff9b::a00:5',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    // 2002::/16, 6to4: the IPv4 address in bits 16-47 decides.
    '2002:a00:5::1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    // NAT64 local use, Teredo, documentation.
    '64:ff9b:1::808:808',
    '2001:0:4136:e378::1',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '2606:4700:4700::1111',
    // The same public IPv4 address carried in IPv6: mapped, NAT64 (an IPv6-only network's way out), 6to4.
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('reaches %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
  });
});

describe('outboundFetch with the guard on (production)', () => {
  const guarded = outboundFetch(true);

  it.each(['https://127.0.0.1/', 'https://[::1]/', 'https://[::ffff:10.0.0.5]/', 'https://[64:ff9b::a00:5]/'])(
    'refuses the IP literal %s before any connection',
    async (url) => {
      const failure = await guarded(url).then(
        () => expect.fail('fetched'),
        (error: unknown) => outboundFailureOf(error),
      );
      expect(failure.kind).toBe('private');
    },
  );

  it('refuses a host name that resolves to loopback, after DNS', async () => {
    const failure = await guarded('https://localhost:8443/').then(
      () => expect.fail('fetched'),
      (error: unknown) => outboundFailureOf(error),
    );
    expect(failure).toMatchObject({ kind: 'private', address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });
});

describe('outboundFailureOf', () => {
  it('tells a refused, reset or timed-out connection alike', () => {
    const wrapped = (cause: Error) => new TypeError('fetch failed', { cause });
    const refused = Object.assign(new Error('connect ECONNREFUSED 203.0.113.1:8443'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const connectTimeout = Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
    for (const error of [refused, reset, timeout, connectTimeout])
      expect(outboundFailureOf(wrapped(error))).toEqual({ kind: 'unreachable' });
  });

  it('tells the guard’s refusal, a name that does not resolve and a certificate apart', () => {
    expect(outboundFailureOf(new TypeError('fetch failed', { cause: new PrivateAddressRefused('10.0.0.1') }))).toEqual({
      kind: 'private',
      address: '10.0.0.1',
    });
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND idp.example'), { code: 'ENOTFOUND' });
    expect(outboundFailureOf(new TypeError('fetch failed', { cause: dns }))).toEqual({ kind: 'dns' });
    const expired = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    expect(outboundFailureOf(new TypeError('fetch failed', { cause: expired }))).toEqual({
      kind: 'tls',
      words: 'its TLS certificate has expired',
    });
  });
});
