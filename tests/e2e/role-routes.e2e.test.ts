import { MESSAGES } from '@meridian/schema';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, ACME_HEALTH_ID, OPERATORS_ORGANIZATION_ID } from './support/accounts.js';
import { openJourney } from './support/browser.js';
import { waitForHome } from './support/console.js';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.js';
import { toolToken } from './support/platform-api.js';
import {
  checkScreen,
  FONT_FILES,
  fontsSettled,
  heading,
  layoutSettled,
  loadedFontFamilies,
  overflowsAtEachWidth,
  SHIPPED_FONTS,
  visit,
  WAIVED_VIOLATIONS,
  type TourScreen,
} from './support/routes-tour.js';
import { saveScreenshot } from './support/screenshots.js';
import { signIn } from './support/sign-in.js';
import { NARROW, WIDE } from './support/widths.js';

const ORGANIZATIONS = '/admin/org-management';
const NOT_FOUND_HEADING = 'Looks like the page you’re looking for is no longer here or may have moved.';

const home: TourScreen = { name: 'home', path: '/', content: heading(/^Welcome, /, 1) };
const organizationsList: TourScreen = {
  name: 'organizations',
  path: ORGANIZATIONS,
  content: heading('Organizations', 1),
};
const createOrganization: TourScreen = {
  name: 'create organization',
  path: `${ORGANIZATIONS}/create`,
  content: heading('Create organization', 1),
};
const analytics: TourScreen = { name: 'analytics', path: '/analytics', content: heading('Analytics', 1) };
/** The audit trail (issue 7), for the roles holding admin:read. */
const activity: TourScreen = { name: 'activity', path: '/admin/activity', content: heading('Activity', 1) };

/** Acme Health's users and its update sub-pages (spec section 2), each with its own heading. */
function organizationScreens(options: { createUser: boolean }): TourScreen[] {
  const base = `${ORGANIZATIONS}/${ACME_HEALTH_ID}`;
  const sections: [string, string][] = [
    ['general', 'General'],
    ['licenses', 'Licenses'],
    ['lifecycle', 'Lifecycle'],
    ['credentials', 'Credentials'],
    ['sign-in', 'Sign-in'],
    // Every role that reads the organization opens these (a read-only operator without their actions).
    ['provisioning', 'Provisioning'],
    ['webhooks', 'Webhooks'],
    ['managed-providers', 'Managed providers'],
  ];
  return [
    { name: 'organization users', path: base, content: heading('Acme Health', 1) },
    ...sections.map(([section, title]) => ({
      name: `organization ${section}`,
      path: `${base}/update/${section}`,
      content: heading(title, 2),
    })),
    ...(options.createUser
      ? [{ name: 'create user', path: `${base}/users/create`, content: heading('Create user', 1) }]
      : []),
  ];
}

/** One's own profile: general, credentials and password (where one changes it) for everyone. */
function profileScreens(organizationId: string, email: string): TourScreen[] {
  const base = `${ORGANIZATIONS}/${organizationId}/users/${encodeURIComponent(email)}/profile`;
  return [
    { name: 'profile general', path: `${base}/general`, content: heading('General', 2) },
    { name: 'profile credentials', path: `${base}/credentials`, content: heading('Data-access credentials', 2) },
    { name: 'profile password', path: `${base}/password`, content: heading('Password', 2) },
  ];
}

/** The managed providers lists of the user's organization, and (with configurations:write) the edit screens. */
function managedProviderScreens(organizationId: string, options: { edit: boolean }): TourScreen[] {
  const base = `/config/${organizationId}/managed-providers`;
  const kinds = [
    ['aliases', 'Aliases'],
    ['relationships', 'Relationships'],
  ] as const;
  return kinds.flatMap(([kind, title]) => [
    {
      name: `managed providers ${kind}`,
      path: `${base}/${kind}`,
      // The kind tabs are links; the list shown is the current page.
      content: (page: Page) =>
        page
          .getByRole('navigation', { name: 'Managed provider lists' })
          .locator('a[aria-current="page"]', { hasText: title }),
    },
    ...(options.edit
      ? (['update', 'remove'] as const).map((mode) => ({
          name: `managed providers ${mode} ${kind}`,
          path: `${base}/${kind}/${mode}`,
          content: heading(`${mode === 'update' ? 'Update' : 'Remove'} ${title}`, 1),
        }))
      : []),
  ]);
}

/** The public pages (no sign-in gate), visited signed in: they must show all the same. */
const PUBLIC_SCREENS: TourScreen[] = [
  { name: 'forgot password', path: '/forgot-password', content: heading('Forgot your password?', 1) },
  { name: 'create password', path: '/create-password', content: heading('Set a new password', 1) },
  { name: 'expiring password', path: '/expiring-password', content: heading(/password/i, 1) },
  { name: 'error', path: '/error', content: heading(MESSAGES.defaultErrorPage, 1) },
  { name: '404', path: '/no/such/page', content: heading(NOT_FOUND_HEADING, 1) },
];

/** GraphiQL, which has no heading: its container. For the roles the journeys' gateway lets run their own documents. */
const sandbox: TourScreen = {
  name: 'sandbox',
  path: '/sandbox',
  content: (page: Page) => page.locator('.graphiql-container'),
};

/** The sandbox for everyone else (support/product.ts: ARBITRARY_DOCUMENTS): why it does not open. */
const sandboxUnavailable: TourScreen = {
  name: 'sandbox',
  path: '/sandbox',
  content: heading('The API sandbox is not available for your account', 4),
};

interface RoleRoutes {
  role: string;
  email: string;
  /** Every route of spec section 2 the role may reach. */
  screens: TourScreen[];
  /** Routes the role may not reach: each sends it home with the permission toast. */
  refused: string[];
  /** Tabs of pages the role may open but not those tabs: each lands on the page's first tab, with the toast. */
  refusedTabs?: { path: string; landsOn: string }[];
  /** With configurations:write: the organization whose one-provider update and remove pages it visits. */
  editsProvidersOf?: string;
}

const ROLES: RoleRoutes[] = [
  {
    role: 'systemAdmin',
    email: ACCOUNTS.admin,
    screens: [
      home,
      organizationsList,
      createOrganization,
      ...organizationScreens({ createUser: true }),
      ...profileScreens(OPERATORS_ORGANIZATION_ID, ACCOUNTS.admin),
      ...managedProviderScreens(OPERATORS_ORGANIZATION_ID, { edit: true }),
      analytics,
      activity,
      sandbox,
      ...PUBLIC_SCREENS,
    ],
    // A system admin holds every permission a route asks for: no route of spec section 2 refuses it.
    refused: [],
    editsProvidersOf: ACME_HEALTH_ID,
  },
  {
    role: 'systemViewer',
    email: ACCOUNTS.viewer,
    screens: [
      home,
      organizationsList,
      ...organizationScreens({ createUser: false }),
      ...profileScreens(OPERATORS_ORGANIZATION_ID, ACCOUNTS.viewer),
      ...managedProviderScreens(OPERATORS_ORGANIZATION_ID, { edit: false }),
      analytics,
      activity,
      sandboxUnavailable,
      ...PUBLIC_SCREENS,
    ],
    refused: [
      `${ORGANIZATIONS}/create`,
      `${ORGANIZATIONS}/${ACME_HEALTH_ID}/users/create`,
      `/config/${OPERATORS_ORGANIZATION_ID}/managed-providers/aliases/update`,
    ],
  },
  {
    role: 'orgAdmin',
    email: ACCOUNTS.orgAdmin,
    screens: [
      home,
      ...organizationScreens({ createUser: true }),
      ...profileScreens(ACME_HEALTH_ID, ACCOUNTS.orgAdmin),
      ...managedProviderScreens(ACME_HEALTH_ID, { edit: true }),
      activity,
      sandboxUnavailable,
      ...PUBLIC_SCREENS,
    ],
    refused: [ORGANIZATIONS, '/analytics', `${ORGANIZATIONS}/${OPERATORS_ORGANIZATION_ID}/update/general`],
    editsProvidersOf: ACME_HEALTH_ID,
  },
  {
    role: 'orgUser',
    email: ACCOUNTS.orgUser,
    screens: [
      home,
      ...profileScreens(ACME_HEALTH_ID, ACCOUNTS.orgUser),
      ...managedProviderScreens(ACME_HEALTH_ID, { edit: false }),
      sandboxUnavailable,
      ...PUBLIC_SCREENS,
    ],
    refused: [
      ORGANIZATIONS,
      `${ORGANIZATIONS}/${ACME_HEALTH_ID}`,
      `/config/${ACME_HEALTH_ID}/managed-providers/aliases/update`,
      '/analytics',
      '/admin/activity',
    ],
    refusedTabs: [
      {
        path: `${ORGANIZATIONS}/${ACME_HEALTH_ID}/users/${encodeURIComponent(ACCOUNTS.orgUser)}/profile/activity`,
        landsOn: `${ORGANIZATIONS}/${ACME_HEALTH_ID}/users/${encodeURIComponent(ACCOUNTS.orgUser)}/profile/general`,
      },
    ],
  },
];

describe.each(ROLES)(
  '$role visits every route it may reach',
  ({ role, email, screens, refused, refusedTabs, editsProvidersOf }) => {
    const { seedPassword } = inject('product');
    const journey = `routes ${role}`;
    let page: Page;
    openJourney((opened) => ({ page } = opened));

    beforeAll(async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      await signIn(page, email, seedPassword);
      await waitForHome(page);
    });

    it('shows each screen with its content and no serious or critical accessibility violation', async () => {
      for (const screen of screens) {
        await visit(page, screen.path);
        await checkScreen(page, journey, screen);
      }
      // The last screen was the 404 page: the unknown path was replaced by /404.
      expect(new URL(page.url()).pathname).toBe('/404');
      // The screens rendered with the fonts the console ships, not with whatever this machine has
      // (the organizations list shows ids in the monospace one).
      const shipped = screens.includes(organizationsList) ? [...SHIPPED_FONTS] : [SHIPPED_FONTS[0]];
      expect(await loadedFontFamilies(page)).toEqual(expect.arrayContaining(shipped));
    });

    if (editsProvidersOf !== undefined) {
      it('shows one provider’s update and remove pages of each kind', async () => {
        for (const [kind, title] of [
          ['aliases', 'Aliases'],
          ['relationships', 'Relationships'],
        ] as const) {
          const list = `/config/${editsProvidersOf}/managed-providers/${kind}`;
          await visit(page, list);
          // The first row's edit link names its provider's NPI.
          const edit = page.locator('a[aria-label^="Edit the "]').first();
          await edit.waitFor();
          const npi = /NPI (\d+)$/.exec((await edit.getAttribute('aria-label')) ?? '')?.[1];
          expect(npi, `an NPI in ${list}`).toMatch(/^\d{10,15}$/);
          for (const [mode, verb] of [
            ['update', 'Update'],
            ['remove', 'Remove'],
          ] as const) {
            await visit(page, `${list}/${mode}/${npi}`);
            await checkScreen(page, journey, {
              name: `managed providers ${mode} ${kind} one provider`,
              path: `${list}/${mode}/${npi}`,
              content: heading(`${verb} ${title}: NPI ${npi}`, 1),
            });
          }
        }
      });
    }

    it('shows home (and the organizations list where it may) in the dark theme without violations', async () => {
      // The theme follows the system until the user picks one: Chromium says dark now.
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const screen of screens.filter((s) => s === home || s === organizationsList)) {
        await visit(page, screen.path);
        await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
        await checkScreen(page, journey, { ...screen, name: `${screen.name} dark` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('below 960 px shows the navigation as one compact bar whose menu opens from the keyboard, axe-clean in light and dark', async () => {
      const profile = screens.find((screen) => screen.name === 'profile general')!;
      await page.setViewportSize(NARROW);
      try {
        await visit(page, profile.path);
        await profile.content(page).first().waitFor();
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        const toggle = nav.getByRole('button', { name: 'Open navigation menu' });
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        await expect(nav.getByRole('link', { name: 'Home' }).isVisible()).resolves.toBe(false);
        // The bar is one row: the page's own content starts right under it.
        await expect(nav.evaluate((element) => element.getBoundingClientRect().height)).resolves.toBeLessThan(64);

        await toggle.focus();
        await page.keyboard.press('Enter');
        const close = nav.getByRole('button', { name: 'Close navigation menu' });
        await expect.poll(() => close.getAttribute('aria-expanded')).toBe('true');
        await nav.getByRole('link', { name: 'Home' }).waitFor();
        await saveScreenshot(page, journey, `navigation menu ${NARROW.width}px`);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.locator(`html[data-theme="${scheme}"]`).waitFor({ state: 'attached' });
          const blocking = blockingViolations(await axeViolations(page), WAIVED_VIOLATIONS);
          expect.soft(blocking.length, `The open compact menu (${scheme}):\n${describeViolations(blocking)}`).toBe(0);
        }
        await page.emulateMedia({ colorScheme: 'light' });

        // Escape closes it and gives the focus back to the Menu button.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Escape');
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        // An expression's argument rather than `document`: the tests are compiled without the DOM library.
        await expect(toggle.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
      } finally {
        await page.setViewportSize(WIDE);
      }
    });

    // A system admin has no refused route (see ROLES): the check exists only for the roles that do.
    if (refused.length > 0) {
      it('is sent home with the permission toast from each route it may not reach', async () => {
        const toasts = page.getByText(MESSAGES.permissionDenied);
        for (const path of refused) {
          // From a page other than home, so arriving home is the guard's doing.
          await visit(page, '/error');
          await heading(MESSAGES.defaultErrorPage, 1)(page).waitFor();
          const before = await toasts.count();
          await visit(page, path);
          await page.waitForURL((url) => url.pathname === '/');
          await waitForHome(page);
          await expect.poll(() => toasts.count(), { message: path }).toBe(before + 1);
        }
        await saveScreenshot(page, journey, 'refused');
      });
    }

    if (refusedTabs !== undefined) {
      it('answers a tab it may not open with the permission toast on the page’s first tab, not the 404 page', async () => {
        const toasts = page.getByText(MESSAGES.permissionDenied);
        for (const { path, landsOn } of refusedTabs) {
          await visit(page, '/error');
          await heading(MESSAGES.defaultErrorPage, 1)(page).waitFor();
          // The earlier refusals' toasts run out first: counting over them would race their timers.
          await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(0);
          await visit(page, path);
          await page.waitForURL((url) => url.pathname === landsOn);
          await expect.poll(() => toasts.count(), { message: path }).toBe(1);
          expect(await heading(NOT_FOUND_HEADING, 1)(page).count()).toBe(0);
        }
        await saveScreenshot(page, journey, 'refused tab');
      });
    }
  },
);

describe('a read-only operator sees Provisioning and Webhooks read-only', () => {
  const { seedPassword } = inject('product');
  const base = `${ORGANIZATIONS}/${ACME_HEALTH_ID}/update`;
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await signIn(page, ACCOUNTS.viewer, seedPassword);
    await waitForHome(page);
  });

  it('lists the SCIM tokens and the webhooks, says why it may not change them, and offers no action', async () => {
    for (const [section, title, reason, actions] of [
      [
        'provisioning',
        'Provisioning',
        'may view this organization’s SCIM tokens but not create',
        ['New token', 'Rotate', 'Revoke'],
      ],
      ['webhooks', 'Webhooks', 'may view this organization’s webhooks but not add', ['Add endpoint', 'Edit', 'Delete']],
    ] as const) {
      await visit(page, `${base}/${section}`);
      await heading(title, 2)(page).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${base}/${section}`);
      expect(await page.getByRole('tab', { name: new RegExp(`^${title}`) }).getAttribute('aria-selected')).toBe('true');
      const note = page.getByRole('note');
      await note.waitFor();
      expect(await note.innerText()).toContain(reason);
      const region = page.getByRole('region', { name: title });
      // The list itself loaded (a table, a card, or the empty state), then: no action of a manager.
      await region.locator('table, [role="article"], .bp6-non-ideal-state').first().waitFor();
      for (const action of actions)
        expect(await region.getByRole('button', { name: new RegExp(`^${action}\b`) }).count(), action).toBe(0);
      await saveScreenshot(page, 'viewer read-only', section);
    }
  });
});

/**
 * The longest values the platform takes where lists show them: an organization id of the most
 * characters an id may have, a name and an email far longer than any seeded one (a 64-character local
 * part), created through the platform's REST API as the internal tools would.
 */
const LONG = {
  organizationId: 'layout-check-long-organization-id-012345',
  organizationName:
    'Layout Check: Cumberland Regional Medical Center and Affiliated Behavioral Health, Rehabilitation and Long-Term Care Services',
  userName: 'Maximiliana Alexandrovna Konstantinopolous-Featherstonehaugh of the Northern Territories',
  email:
    'maximiliana.alexandrovna.konstantinopolous-featherstonehaugh.xyz@cumberland-regional-behavioral-health-services.test',
};

async function createLongRecords(): Promise<void> {
  const { restUrl } = inject('product');
  const headers = { authorization: `Bearer ${await toolToken()}`, 'content-type': 'application/json' };
  const domain = LONG.email.split('@')[1]!;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${restUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  };
  await post('/organization', {
    id: LONG.organizationId,
    name: LONG.organizationName,
    domain: [domain],
    primaryContact: { name: LONG.userName, email: LONG.email },
    customer_segment: 'provider-group',
    medicare_licensed: false,
  });
  await post(`/user?organizationId=${LONG.organizationId}`, {
    name: LONG.userName,
    email: LONG.email,
    password: 'layout-check-password-1',
    role: 'orgAdmin',
  });
}

/** A CSV for Update Aliases whose rows the check refuses with long messages, one alias of 121 characters. */
const ALIASES_CSV = [
  'npi,alias',
  ...Array.from({ length: 12 }, (_, i) => `${1234567890 + i},${i % 3 === 0 ? 'x'.repeat(121) : `Layout check ${i}`}`),
].join('\r\n');

describe("with the shipped fonts blocked, the lists fit at 1280 and 800 px in the system's fallback fonts", () => {
  const { seedPassword } = inject('product');
  const journey = 'fallback fonts';
  let page: Page;
  openJourney((opened) => ({ page } = opened));

  beforeAll(async () => {
    await createLongRecords();
    // The console's font files never arrive: the text falls back to what this machine has (Debian's
    // DejaVu where only fonts-dejavu is installed, wider than most).
    await page.route(FONT_FILES, (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, ACCOUNTS.admin, seedPassword);
    await waitForHome(page);
  });

  /** Visits `path`, waits for `content`, and expects nothing to scroll sideways at either width (screenshots of both). */
  async function expectFits(
    name: string,
    path: string,
    content: (page: Page) => Locator,
    prepare?: () => Promise<void>,
  ) {
    await visit(page, path);
    await content(page).first().waitFor();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document.querySelector(
          '[aria-busy=true], .bp6-skeleton',
        ) === null,
    );
    await prepare?.();
    await fontsSettled(page);
    const overflows = await overflowsAtEachWidth(page);
    await saveScreenshot(page, journey, `${name} ${NARROW.width}px`);
    await page.setViewportSize(WIDE);
    await layoutSettled(page, WIDE.width);
    await saveScreenshot(page, journey, name);
    for (const [width, found] of overflows)
      expect.soft(found, `Horizontal scroll at ${width} px on ${name}`).toEqual([]);
    // A wide list never squeezes the navigation: it keeps its 264 px (app-shell.css).
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect
      .soft(await nav.evaluate((element) => element.getBoundingClientRect().width), `navigation on ${name}`)
      .toBe(264);
  }

  it('renders with the fallback fonts: none of the shipped ones loaded', async () => {
    await visit(page, ORGANIZATIONS);
    await heading('Organizations', 1)(page).waitFor();
    await fontsSettled(page);
    const loaded = await loadedFontFamilies(page);
    for (const family of SHIPPED_FONTS) expect(loaded).not.toContain(family);
  });

  it('fits the organizations list with the longest name and id', async () => {
    await expectFits('organizations long name', `${ORGANIZATIONS}?search=${LONG.organizationId}`, (current) =>
      current.getByRole('link', { name: LONG.organizationName, exact: true }),
    );
    // Cut, not wrapped: the whole name and id are in their titles (shown on hover).
    const name = page.getByRole('link', { name: LONG.organizationName, exact: true });
    expect(await name.getAttribute('title')).toBe(LONG.organizationName);
    expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.locator(`code[title="${LONG.organizationId}"]`).count()).toBe(1);
    // Keyboard focus on the row shows the name whole, wrapped within its column.
    await name.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await saveScreenshot(page, journey, 'organizations long name focused');
  });

  it('fits the organizations list, analytics and Acme Health’s users', async () => {
    await expectFits('organizations', ORGANIZATIONS, heading('Organizations', 1));
    await expectFits('analytics', '/analytics', heading('Analytics', 1));
    await expectFits('acme users', `${ORGANIZATIONS}/${ACME_HEALTH_ID}`, heading('Acme Health', 1));
  });

  it('fits a users list with the longest name and email, every row ticked', async () => {
    await expectFits(
      'long users ticked',
      `${ORGANIZATIONS}/${LONG.organizationId}`,
      (current) => current.getByRole('link', { name: LONG.userName, exact: true }),
      async () => {
        await page.getByRole('checkbox', { name: 'Select every user on this page' }).focus();
        await page.keyboard.press('Space');
        await page.getByText('1 user selected.').waitFor();
      },
    );
    expect(await page.locator(`[title="${LONG.email}"]`).count()).toBe(1);
  });

  it('keeps the navigation whole on Update Aliases once a CSV’s rows are checked', async () => {
    await expectFits(
      'update aliases checked',
      `/config/${ACME_HEALTH_ID}/managed-providers/aliases/update`,
      heading('Update Aliases', 1),
      async () => {
        await page
          .getByLabel('Upload a CSV file')
          .setInputFiles({ name: 'layout.csv', mimeType: 'text/csv', buffer: Buffer.from(ALIASES_CSV) });
        await page.getByTestId('check-summary').filter({ hasText: 'checked in' }).waitFor();
      },
    );
  });
});
