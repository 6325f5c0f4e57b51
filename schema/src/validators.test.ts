import { describe, expect, it } from 'vitest';
import {
  NPI_FORMAT_MESSAGE,
  ZIP_MESSAGE,
  npiCheckDigit,
  validateEmail,
  validateNpi,
  validateOrganizationId,
  validatePassword,
  validateProviderLinkValue,
  validateZip,
  validateDateTime,
  validateName,
  validateDomain,
  validateCallbackUrl,
  firstProblem,
  DOMAIN_MESSAGE,
} from './validators.js';

describe('validateNpi', () => {
  it('accepts the 10-digit example of decisions.md and refuses its neighbour by check digit', () => {
    expect(validateNpi('1234567893')).toBeNull();
    expect(validateNpi('1234567890')).toBe('NPI 1234567890 fails its check digit.');
  });

  it('checks a 15-digit NPI with the 80840 prefix as plain Luhn, agreeing with the 10-digit form', () => {
    expect(validateNpi('808401234567893')).toBeNull();
    expect(validateNpi('808401234567890')).toBe('NPI 808401234567890 fails its check digit.');
  });

  it('adds the constant 24 to the sum, which differs from prefixing the string "24"', () => {
    const body = '123456789';
    // Prefixing "24" would shift the doubling of every digit; the constant does not.
    expect(npiCheckDigit(body)).toBe(3);
    expect(npiCheckDigit(`80840${body}`)).toBe(3);
  });

  it.each(['123456789', '12345678901', '123456789012345', '12345abc93', '', ' 1234567893'])(
    'refuses the format of %j',
    (value) => expect(validateNpi(value)).toBe(NPI_FORMAT_MESSAGE),
  );
});

describe('validateZip', () => {
  it.each(['12345', '12345-6789'])('accepts %s', (zip) => expect(validateZip(zip)).toBeNull());
  it.each(['1234', '123456', '12345-678', '12345 6789', 'abcde'])('refuses %s', (zip) =>
    expect(validateZip(zip)).toBe(ZIP_MESSAGE),
  );
});

describe('other validators', () => {
  it('emails', () => {
    expect(validateEmail('a.b@acme.test')).toBeNull();
    expect(validateEmail('no-at-sign')).not.toBeNull();
    expect(validateEmail('a@b')).not.toBeNull();
  });
  it('organization ids', () => {
    expect(validateOrganizationId('acme-health')).toBeNull();
    expect(validateOrganizationId('ab')).not.toBeNull();
    expect(validateOrganizationId('Acme')).not.toBeNull();
    expect(validateOrganizationId('a'.repeat(41))).not.toBeNull();
  });
  it('passwords need 12 characters, a letter and a digit', () => {
    expect(validatePassword('meridian-local-1')).toBeNull();
    expect(validatePassword('short-1')).not.toBeNull();
    expect(validatePassword('no-digits-at-all')).not.toBeNull();
    expect(validatePassword('123456789012')).not.toBeNull();
  });
  it('date-times need a zone', () => {
    expect(validateDateTime('2026-01-31T12:00:00Z')).toBeNull();
    expect(validateDateTime('2026-01-31T12:00:00')).not.toBeNull();
    expect(validateDateTime('2026-13-31T12:00:00Z')).not.toBeNull();
  });
  it('provider link values', () => {
    expect(validateProviderLinkValue('provider_alias', 'Dr. Smith')).toBeNull();
    expect(validateProviderLinkValue('provider_alias', '  ')).not.toBeNull();
    expect(validateProviderLinkValue('provider_alias', 'x'.repeat(121))).not.toBeNull();
    expect(validateProviderLinkValue('provider_relationship', 'Employed')).toBeNull();
    expect(validateProviderLinkValue('provider_relationship', 'employed')).not.toBeNull();
  });
});

describe('organization fields', () => {
  it('names must not be blank once trimmed', () => {
    expect(validateName(' Acme ')).toBeNull();
    expect(validateName('  ')).toBe('Name is required.');
  });
  it('domains are host names, whatever their case', () => {
    expect(validateDomain('Acme.org')).toBeNull();
    expect(validateDomain('mail.acme-health.test')).toBeNull();
    expect(validateDomain('acme')).toBe(DOMAIN_MESSAGE);
    for (const bad of ['acme', 'acme..org', '-acme.org', 'acme.org/path', 'jane@acme.org', 'acme .org']) {
      expect(validateDomain(bad), bad).toBe(DOMAIN_MESSAGE);
    }
  });
  it('callback URLs are absolute http or https addresses', () => {
    expect(validateCallbackUrl('https://app.acme.org/callback')).toBeNull();
    expect(validateCallbackUrl('http://localhost:5173/cb')).toBeNull();
    expect(validateCallbackUrl('ftp://acme.org')).not.toBeNull();
    expect(validateCallbackUrl('/callback')).not.toBeNull();
    expect(validateCallbackUrl('javascript:alert(1)')).not.toBeNull();
  });
  it('a list reports its first problem', () => {
    expect(firstProblem(['acme.org', 'bad', 'worse'], validateDomain)).toBe(DOMAIN_MESSAGE);
    expect(firstProblem(['acme.org'], validateDomain)).toBeNull();
  });
});
