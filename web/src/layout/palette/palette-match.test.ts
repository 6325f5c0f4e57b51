import { describe, expect, it } from 'vitest';
import { MATCH, matchScore, rankByMatch } from './palette-match.js';

const signIn = { label: 'Sign-in', keywords: ['sso', 'single sign-on', 'saml'] };
const webhooks = { label: 'Webhooks', keywords: ['webhook', 'siem'] };
const associates = { label: 'Associates' };

describe('the palette’s matching', () => {
  it('scores an exact keyword as an exact name, above beginnings, text within and fuzzy letters', () => {
    expect(matchScore('sso', signIn)).toBe(MATCH.exact);
    expect(matchScore('SIGN-IN', signIn)).toBe(MATCH.exact);
    expect(matchScore('web', webhooks)).toBe(MATCH.labelStart);
    expect(matchScore('sign-on', signIn)).toBe(MATCH.wordStart);
    expect(matchScore('hook', webhooks)).toBe(MATCH.contains);
    expect(matchScore('whk', webhooks)).toBe(MATCH.fuzzy);
    expect(matchScore('sso', associates)).toBe(MATCH.contains);
    expect(matchScore('wh', webhooks)).toBe(MATCH.none);
    expect(matchScore('  ', webhooks)).toBe(MATCH.none);
  });

  it('ranks an exact keyword hit before a fuzzy one, equal ones in their order', () => {
    expect(rankByMatch('sso', [associates, webhooks, signIn]).map((target) => target.label)).toEqual([
      'Sign-in',
      'Associates',
    ]);
    const twins = [
      { label: 'A', keywords: ['mfa'] },
      { label: 'B', keywords: ['mfa'] },
    ];
    expect(rankByMatch('mfa', twins).map((target) => target.label)).toEqual(['A', 'B']);
  });
});
