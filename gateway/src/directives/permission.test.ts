// The directive's permission check: schema's checkPermission semantics, with a throwing rule denied
// and logged in the words of spec section 8.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { PERMISSION_CHECK_FAILED } from '@meridian/schema';
import { permitted } from './permission.js';

function capture() {
  const entries: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      entries.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), entries };
}

describe('permitted', () => {
  it('passes a role holding any listed permission', () => {
    expect(permitted('orgAdmin', ['organizations:read', 'users:read'], undefined, capture().log)).toBe(true);
  });

  it('refuses a role holding none of them, unless the rule returns true', () => {
    const { log } = capture();
    expect(permitted('orgUser', ['users:read'], undefined, log)).toBe(false);
    expect(permitted('orgUser', ['users:read'], () => false, log)).toBe(false);
    expect(permitted('orgUser', ['users:read'], () => true, log)).toBe(true);
  });

  it("denies when the rule throws, and logs 'There was an issue checking user permissions.'", () => {
    const { log, entries } = capture();
    const allowed = permitted(
      'orgUser',
      ['users:read'],
      () => {
        throw new Error('rule broke');
      },
      log,
    );
    expect(allowed).toBe(false);
    expect(entries).toMatchObject([{ level: 50, msg: PERMISSION_CHECK_FAILED }]);
    expect(PERMISSION_CHECK_FAILED).toBe('There was an issue checking user permissions.');
  });
});
