import { describe, expect, it } from 'vitest';
import {
  DOMAIN_OVERLAP_RULE,
  domainOverlapMessage,
  domainRelation,
  isOutsideDomains,
  isWithinDomain,
  normalizeDomains,
} from './email-domains.js';

// Issue 39: domains compare case-insensitively and by label, and none may equal, lie under or above
// another organization's.

describe('the one rule of domains', () => {
  it('stores domains trimmed, lower-case and once', () => {
    expect(normalizeDomains([' ACME.test ', 'acme.TEST', 'Clinic.Acme.Test'])).toEqual([
      'acme.test',
      'clinic.acme.test',
    ]);
  });

  it('compares by label, whatever the case', () => {
    expect(isWithinDomain('clinic.acme.test', 'acme.test')).toBe(true);
    expect(isWithinDomain('X.Clinic.ACME.test', 'acme.TEST')).toBe(true);
    expect(isWithinDomain('ACME.test', 'acme.test')).toBe(true);
    // A name that merely ends in the same letters is another domain.
    expect(isWithinDomain('notacme.test', 'acme.test')).toBe(false);
    expect(isWithinDomain('acme.test', 'clinic.acme.test')).toBe(false);
  });

  it.each([
    ['acme.test', 'ACME.test', 'equal'],
    ['clinic.acme.test', 'acme.test', 'under'],
    ['acme.test', 'clinic.acme.test', 'above'],
    ['notacme.test', 'acme.test', 'apart'],
  ] as const)('%s stands %s to %s', (domain, other, relation) => {
    expect(domainRelation(domain, other)).toBe(relation);
  });

  it('says which domain is in the way, whose it is, and the rule', () => {
    expect(domainOverlapMessage('ACME.test', 'acme.test', 'Acme Health')).toBe(
      `Domain acme.test is already a domain of Acme Health: ${DOMAIN_OVERLAP_RULE}.`,
    );
    expect(domainOverlapMessage('clinic.acme.test', 'acme.test', 'Acme Health')).toBe(
      'Domain clinic.acme.test lies under acme.test, a domain of Acme Health: no organization may hold a domain equal to, under or above another organization’s.',
    );
    expect(domainOverlapMessage('acme.test', 'clinic.acme.test', 'Clinic')).toBe(
      `Domain acme.test lies above clinic.acme.test, a domain of Clinic: ${DOMAIN_OVERLAP_RULE}.`,
    );
  });

  it('keeps an email inside its organization’s domains by label', () => {
    expect(isOutsideDomains('a@x.clinic.acme.test', ['acme.test'])).toBe(false);
    expect(isOutsideDomains('a@notacme.test', ['acme.test'])).toBe(true);
    expect(isOutsideDomains('a@Acme.Test', ['ACME.test'])).toBe(false);
  });
});
