import { MAX_LOGIN_FAILURES } from '../../domain/login.js';
import { FIXTURE_PASSWORD } from '../../test-support/fixture.js';
import type { ContractCase } from './case.js';

/** An email no one has: its failures lock it without touching a fixture user. */
const LOCKED_EMAIL = 'locked@acme.test';

const login = (email: string, password: string) => ({
  method: 'POST' as const,
  url: '/login',
  payload: { email, password },
});

/** POST /login: every answer of the login check, from fixture users. */
export const signInCases: ContractCase[] = [
  {
    operation: 'checkLogin',
    status: 200,
    why: 'the right password',
    request: () => login('user@acme.test', FIXTURE_PASSWORD),
  },
  {
    operation: 'checkLogin',
    status: 400,
    why: 'the password is missing',
    request: () => ({ method: 'POST', url: '/login', payload: { email: 'user@acme.test' } }),
  },
  {
    operation: 'checkLogin',
    status: 401,
    why: 'a wrong password',
    request: () => login('user@globex.test', 'not-the-password-1'),
  },
  {
    operation: 'checkLogin',
    status: 403,
    why: 'a deactivated user',
    request: () => login('inactive@acme.test', FIXTURE_PASSWORD),
  },
  {
    operation: 'checkLogin',
    status: 423,
    why: 'one more attempt after five failures',
    request: async ({ platform }) => {
      for (let attempt = 0; attempt < MAX_LOGIN_FAILURES; attempt += 1) {
        await platform.rest.inject(login(LOCKED_EMAIL, 'not-the-password-1'));
      }
      return login(LOCKED_EMAIL, 'not-the-password-1');
    },
  },
];
