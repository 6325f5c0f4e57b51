import { Intent } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { limitUse } from './license-use.js';

describe('license use at a glance', () => {
  it('shows use against the limit, amber from 90 % and red at the limit', () => {
    expect(limitUse(12, 20)).toEqual({ share: 0.6, intent: Intent.SUCCESS, text: '12 of 20' });
    expect(limitUse(18, 20).intent).toBe(Intent.WARNING);
    expect(limitUse(20, 20)).toEqual({ share: 1, intent: Intent.DANGER, text: '20 of 20' });
  });

  it('caps the bar at full when the organization is over its limit, and reads big numbers', () => {
    expect(limitUse(25, 20).share).toBe(1);
    expect(limitUse(1500, 100000).text).toBe('1,500 of 100,000');
    expect(limitUse(0, 0)).toEqual({ share: 0, intent: Intent.SUCCESS, text: '0 of 0' });
  });
});
