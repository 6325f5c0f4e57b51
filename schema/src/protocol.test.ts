import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './protocol.js';

describe('requestIdFrom', () => {
  it('keeps a short, plain request id and the first of several', () => {
    expect(requestIdFrom('abc-123:4.5_6')).toBe('abc-123:4.5_6');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('replaces a missing, long or unsafe one with a new UUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'x'.repeat(129), 'a b', 'line\nbreak', '<script>'])
      expect(requestIdFrom(bad)).toMatch(uuid);
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
