import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';
import { checkTotp } from './totp.js';

describe('authenticator codes', () => {
  const key = generateSecret();
  const at = new Date('2026-11-27T12:00:10Z');
  const codeAt = (seconds: number) => generate({ secret: key, epoch: Math.floor(at.getTime() / 1000) + seconds });

  it('accept a step either side of now, not two', async () => {
    const step = Math.floor(at.getTime() / 30_000);
    expect(await checkTotp(key, await codeAt(0), 0, at)).toBe(step);
    expect(await checkTotp(key, await codeAt(-30), 0, at)).toBe(step - 1);
    expect(await checkTotp(key, await codeAt(30), 0, at)).toBe(step + 1);
    expect(await checkTotp(key, await codeAt(-60), 0, at)).toBeNull();
  });

  it('refuse a code of the last accepted step or an earlier one, and anything not six digits', async () => {
    const step = Math.floor(at.getTime() / 30_000);
    expect(await checkTotp(key, await codeAt(0), step, at)).toBeNull();
    expect(await checkTotp(key, await codeAt(-30), step, at)).toBeNull();
    expect(await checkTotp(key, await codeAt(30), step, at)).toBe(step + 1);
    expect(await checkTotp(key, '12345', 0, at)).toBeNull();
    expect(await checkTotp(key, 'abcdef', 0, at)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 50 random bits, hashed whatever case, spaces or dashes they are typed with', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const [code] = codes as [string];
    expect(hashRecoveryCode(code.toUpperCase().replace('-', '  '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });
});
