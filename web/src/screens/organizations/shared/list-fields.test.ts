import { describe, expect, it } from 'vitest';
import {
  addEntries,
  CALLBACK_URL_MESSAGE,
  CALLBACK_URL_RULES,
  DOMAIN_MESSAGE,
  DOMAIN_RULES,
  listProblem,
  validateCallbackUrl,
  validateDomain,
} from './list-fields.js';

describe('list fields', () => {
  it('accepts host names as domains and refuses the rest in words', () => {
    expect(validateDomain('acme.org')).toBeNull();
    expect(validateDomain(' Mail.ACME.co.uk ')).toBeNull();
    for (const bad of ['acme', 'acme..org', '-acme.org', 'acme.org/path', 'jane@acme.org', 'acme .org']) {
      expect(validateDomain(bad), bad).toBe(DOMAIN_MESSAGE);
    }
  });

  it('accepts http and https callback URLs only', () => {
    expect(validateCallbackUrl('https://app.acme.org/callback')).toBeNull();
    expect(validateCallbackUrl('http://localhost:3000/cb')).toBeNull();
    expect(validateCallbackUrl('app.acme.org/callback')).toBe(CALLBACK_URL_MESSAGE);
    expect(validateCallbackUrl('javascript:alert(1)')).toBe(CALLBACK_URL_MESSAGE);
  });

  it('adds typed entries cleaned and without repeats, and keeps refused ones with the reason', () => {
    const result = addEntries(['acme.org'], ['ACME.org', ' new.acme.org ', 'not a domain', ''], DOMAIN_RULES);
    expect(result).toEqual({ list: ['acme.org', 'new.acme.org'], refused: ['not a domain'], message: DOMAIN_MESSAGE });
  });

  it('finds the first bad entry of a whole list', () => {
    expect(listProblem(['https://a.test/cb', 'ftp://a.test'], CALLBACK_URL_RULES)).toBe(CALLBACK_URL_MESSAGE);
    expect(listProblem([], CALLBACK_URL_RULES)).toBeNull();
  });
});
