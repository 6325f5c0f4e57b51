import { describe, expect, it } from 'vitest';
import { CALLBACK_URL_MESSAGE, DOMAIN_MESSAGE } from '@meridian/schema';
import { addEntries, CALLBACK_URL_RULES, DOMAIN_RULES, listProblem } from './list-fields.js';

describe('list fields', () => {
  it('adds typed entries cleaned and without repeats, and keeps refused ones with the reason', () => {
    const result = addEntries(['acme.org'], ['ACME.org', ' new.acme.org ', 'not a domain', ''], DOMAIN_RULES);
    expect(result).toEqual({ list: ['acme.org', 'new.acme.org'], refused: ['not a domain'], message: DOMAIN_MESSAGE });
  });

  it('finds the first bad entry of a whole list', () => {
    expect(listProblem(['https://a.test/cb', 'ftp://a.test'], CALLBACK_URL_RULES)).toBe(CALLBACK_URL_MESSAGE);
    expect(listProblem([], CALLBACK_URL_RULES)).toBeNull();
  });
});
