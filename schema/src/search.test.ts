import { describe, expect, it } from 'vitest';
import { SEARCH_LIMIT_MESSAGE, SEARCH_TEXT_MESSAGE, searchLimitProblem, searchTextProblem } from './search.js';

describe('the command palette’s search rules', () => {
  it('takes 2 to 200 characters of text, not counting spaces at either end', () => {
    expect(searchTextProblem('ac')).toBeNull();
    expect(searchTextProblem(' a ')).toBe(SEARCH_TEXT_MESSAGE);
    expect(searchTextProblem('x'.repeat(200))).toBeNull();
    expect(searchTextProblem('x'.repeat(201))).toBe(SEARCH_TEXT_MESSAGE);
    expect(SEARCH_TEXT_MESSAGE).toMatch(/^text must be 2 to 200 characters/);
  });

  it('answers 1 to 20 hits of each kind', () => {
    expect(searchLimitProblem(1)).toBeNull();
    expect(searchLimitProblem(20)).toBeNull();
    expect(searchLimitProblem(0)).toBe(SEARCH_LIMIT_MESSAGE);
    expect(searchLimitProblem(21)).toBe(SEARCH_LIMIT_MESSAGE);
  });
});
