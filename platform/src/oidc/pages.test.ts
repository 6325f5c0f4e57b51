import { describe, expect, it } from 'vitest';
import { accountSecurityPage } from './account-page.js';
import { identifierPage, noticePage, passwordPage } from './login-page.js';
import { enrollPage } from './mfa-pages.js';

// What a person or an organization's admin can make the pages show: an email typed at sign-in, an
// organization's name, a passkey's name, a platform message.
const HOSTILE = `"><script>alert(1)</script><img src=x onerror='alert(2)'>`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&#x27;alert(2)&#x27;&gt;';
const passkey = { options: '/o', verify: '/v', scripts: ['/assets/passkey.js?v=1'] };

/** The page's markup without the one place it may hold raw text: its own style sheet. */
const markupOf = (page: string) => page.replace(/<style>[^<]*<\/style>/, '');

describe('the provider’s pages', () => {
  const pages = {
    identifier: identifierPage({ productName: 'Meridian', action: '/interaction/1', email: HOSTILE }),
    password: passwordPage({
      productName: 'Meridian',
      action: '/interaction/1',
      email: HOSTILE,
      changeEmailHref: '/interaction/1?step=email',
      sso: { action: '/interaction/1/sso', organizationName: HOSTILE, ssoOnly: true },
      error: { message: HOSTILE, resetLink: '/reset?a=1&b=2' },
    }),
    notice: noticePage({ productName: HOSTILE, title: HOSTILE, message: HOSTILE, alert: true }),
    enroll: enrollPage({
      productName: 'Meridian',
      intro: HOSTILE,
      action: '/mfa',
      key: 'JBSWY3DPEHPK3PXP',
      uri: `otpauth://totp/${HOSTILE}`,
      qrCode: 'data:image/png;base64,AAAA',
      error: HOSTILE,
    }),
    account: accountSecurityPage({
      productName: 'Meridian',
      email: HOSTILE,
      hasTotp: true,
      passkeys: [{ id: 'p1', name: HOSTILE, created_at: new Date(0), last_used_at: null }],
      recoveryCodesLeft: 3,
      urls: { addTotp: '/a', remove: '/r', recoveryCodes: '/c', passkey },
      notice: HOSTILE,
    }),
  };

  it.each(Object.entries(pages))('escape every value on the %s page, in text and in attributes', (_, page) => {
    expect(page).toContain(ESCAPED);
    expect(markupOf(page)).not.toContain('<script>');
    expect(page).not.toContain('<img src=x');
    // The only scripts are the provider's own files (the CSP refuses inline ones all the same).
    for (const tag of page.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/^<script src="\/assets\//);
  });

  it('write a document: its doctype, language, character set and the title as product | page', () => {
    const page = noticePage({ productName: 'Meridian', title: 'Signed out', message: 'Bye' });
    expect(page.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(true);
    expect(page).toContain('<title>Meridian | Signed out</title>');
    // React's image preloading would add a <link> for the QR code's data: URI; none is written.
    expect(pages.enroll).not.toContain('rel="preload"');
  });

  it('keep URLs whole: an ampersand in a link is written as &amp; and read back by the browser as &', () => {
    expect(pages.password).toContain('<a href="/reset?a=1&amp;b=2">Set a new password</a>');
  });
});
