import { describe, expect, it } from 'vitest';
import { deviceText } from './session-device.js';

describe('a session’s device in words', () => {
  it('words what the platform’s parser read from the User-Agent', () => {
    expect(deviceText({ browser: 'Chrome', operatingSystem: 'Linux' })).toBe('Chrome on Linux');
    expect(deviceText({ browser: 'Firefox', operatingSystem: null })).toBe('Firefox');
    expect(deviceText({ browser: null, operatingSystem: 'Linux' })).toBe('A browser on Linux');
    expect(deviceText({ browser: null, operatingSystem: null })).toBe('Unknown browser');
    expect(deviceText({})).toBe('Unknown browser');
  });
});
