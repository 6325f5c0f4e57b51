import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan, nestsDeeperThan } from './nesting-depth.js';

const nested = (levels: number) => `${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`;

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and one past it', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 2))).toBe(true);
    expect(jsonNestsDeeperThan('['.repeat(20_000) + ']'.repeat(20_000))).toBe(true);
    expect(jsonNestsDeeperThan('[[[1]],[[2]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(100) }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: `\\"${'{'.repeat(100)}\\` }))).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\", ${'['.repeat(40)}${']'.repeat(40)}]`)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(jsonNestsDeeperThan('{"a": "unterminated [[[[[[')).toBe(false);
    expect(jsonNestsDeeperThan('')).toBe(false);
  });
});

describe('nestsDeeperThan', () => {
  it('counts the brackets it is given (a SCIM filter’s parentheses and value filters)', () => {
    const filter = 'not (emails[type eq "work" and value co "(("] or (active eq true))';
    expect(nestsDeeperThan(filter, 2, '([', ')]')).toBe(false);
    expect(nestsDeeperThan(filter, 1, '([', ')]')).toBe(true);
    expect(nestsDeeperThan(`${'not ('.repeat(300)}userName eq "x"${')'.repeat(300)}`, 10, '([', ')]')).toBe(true);
  });
});
