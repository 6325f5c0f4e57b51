import { describe, expect, it } from 'vitest';
import { fillPath } from './route-path.js';

describe('fillPath', () => {
  it('fills each parameter as one encoded segment', () => {
    expect(fillPath('/user/email/{email}', { email: 'ada@meridian.test' })).toBe('/user/email/ada%40meridian.test');
    expect(fillPath('/organization/{id}/webhooks/{webhookId}', { id: 'acme', webhookId: 7 })).toBe(
      '/organization/acme/webhooks/7',
    );
  });

  it('keeps a slash, an at sign, a percent sign and spaces inside their segment', () => {
    const path = fillPath('/organization/{id}/credential/{credentialId}', { id: 'a/b @c%d', credentialId: '../x' });
    expect(path).toBe('/organization/a%2Fb%20%40c%25d/credential/..%2Fx');
    expect(path.split('/')).toEqual(['', 'organization', 'a%2Fb%20%40c%25d', 'credential', '..%2Fx']);
    expect(decodeURIComponent(path.split('/')[2]!)).toBe('a/b @c%d');
  });

  it('leaves a path without parameters as it is', () => {
    expect(fillPath('/analytics/summary')).toBe('/analytics/summary');
  });

  it('throws, naming the path and the parameter, when a parameter is missing', () => {
    expect(() => fillPath('/organization/{id}/sso/test-sign-in/{state}', { id: 'acme' })).toThrow(
      'The platform path /organization/{id}/sso/test-sign-in/{state} needs its parameter state, which the call did not give',
    );
    expect(() => fillPath('/user/email/{email}')).toThrow(/needs its parameter email/);
  });
});
