import path from 'node:path';
import type { Page } from 'playwright-core';
import { firstPage, openBrowser } from '../e2e/support/browser.js';
import { startProduct, type RunningProduct } from '../e2e/support/product.js';
import { formatCount, formatRatio, table, type BenchContext, type BenchSection } from './report.js';
import { median } from './statistics.js';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';
import {
  entryKey,
  GZIP_LEVEL,
  lazySourceChunks,
  readManifest,
  staticClosure,
  weigh,
  type Manifest,
  type Weight,
} from './web-bundle.js';
import {
  contentObserverScript,
  contentTiming,
  HOME_CONTENT,
  LOADING_DELAY_MS,
  makeCold,
  ORGANIZATION_ROWS,
  requestedAssets,
  signInFromBlank,
  untilPersisted,
  USER_ROWS,
  type ContentProbe,
  type LoadTiming,
} from './web-browser.js';

/** Runs of each browser figure; each run is a fresh Chromium profile signed in anew. */
const RUNS = 5;
const ACCOUNT = 'admin@meridian.test';
const SCALE_ORGANIZATION = 'scale-health';
/** Where the organizations list's reload finds its data persisted (a seeded organization's id). */
const LISTED_ORGANIZATION = 'acme-health';
/** The users list compared with the 100,000 users: the seeded organization whose user count is nearest this. */
const SMALL_USER_COUNT = 10;
const TARGETS = { homeJsKb: 200, homeCssKb: 50, homeColdMs: 1000, reloadAfterDelayMs: 150 };

/** A screen's lazily loaded module, as the route table imports it. */
const SCREEN_LABELS: Record<string, string> = {
  'src/layout/AppShell.tsx': 'app shell (left nav; every screen but home)',
  'src/screens/organizations/OrganizationsPage.tsx': 'organizations list',
  'src/screens/organizations/CreateOrganizationPage.tsx': 'create organization',
  'src/screens/organizations/update/OrganizationUpdatePage.tsx': 'organization update',
  'src/screens/users/OrganizationUsersPage.tsx': 'users of an organization',
  'src/screens/users/CreateUserPage.tsx': 'create user',
  'src/screens/users/profile/UserProfilePage.tsx': 'user profile',
  'src/screens/managed-providers/ProviderLinksPage.tsx': 'managed providers',
  'src/screens/managed-providers/ProviderLinksEditPage.tsx': 'managed providers: add / bulk edit',
  'src/screens/analytics/AnalyticsPage.tsx': 'analytics',
  'src/sandbox/SandboxPage.tsx': 'sandbox (GraphiQL)',
  'src/screens/password/ForgotPasswordPage.tsx': 'forgot password',
  'src/screens/password/CreatePasswordPage.tsx': 'create password',
  'src/screens/password/ExpiringPasswordPage.tsx': 'expiring password',
  'src/components/toasts/Toasters.tsx': 'toast containers (loaded with the first toast)',
};

interface MeasuredPage {
  label: string;
  path: string;
  probe: ContentProbe;
  /** Persisted-cache text that shows the page's data was written (for the reload). */
  persisted?: string;
  reload: boolean;
}

const HOME: MeasuredPage = { label: 'home', path: '/', probe: HOME_CONTENT, persisted: ACCOUNT, reload: true };
const ORGANIZATIONS: MeasuredPage = {
  label: 'organizations list',
  path: '/admin/org-management',
  probe: ORGANIZATION_ROWS,
  persisted: LISTED_ORGANIZATION,
  reload: true,
};
const usersPage = (organizationId: string): MeasuredPage => ({
  label: `users of ${organizationId}`,
  path: `/admin/org-management/${organizationId}`,
  probe: USER_ROWS,
  reload: false,
});
const SCALE_USERS = usersPage(SCALE_ORGANIZATION);
/** An organization with a full first page (50 users) like the large one: it tells rows drawn from users stored. */
const FULL_PAGE_USERS = usersPage(LISTED_ORGANIZATION);

interface PageRuns {
  cold: LoadTiming[];
  reload: LoadTiming[];
}

interface BrowserFigures {
  runs: Map<MeasuredPage, PageRuns>;
  /** Asset files the first cold home load requested: before its content showed, and in all. */
  homeRequests: { beforeContent: string[]; all: string[] };
}

/** One run: a fresh profile signs in, then each page cold and (where measured) reloaded with its persisted cache. */
async function measureRun(
  product: RunningProduct,
  pages: MeasuredPage[],
  runs: Map<MeasuredPage, PageRuns>,
  recordRequests: boolean,
): Promise<BrowserFigures['homeRequests'] | null> {
  const browser = await openBrowser();
  let homeRequests: BrowserFigures['homeRequests'] | null = null;
  try {
    await browser.context.addInitScript(contentObserverScript(pages.map(({ probe }) => probe)));
    const page: Page = await firstPage(browser);
    await signInFromBlank(page, product.webUrl, ACCOUNT, product.seedPassword);
    for (const measured of pages) {
      await makeCold(page, product.webUrl);
      const load = () => page.goto(`${product.webUrl}${measured.path}`, { waitUntil: 'commit' });
      let cold: LoadTiming;
      if (measured === HOME && recordRequests) {
        let timing: LoadTiming | undefined;
        homeRequests = await requestedAssets(page, product.webUrl, async () => {
          await load();
          timing = await contentTiming(page, measured.probe);
        });
        cold = timing!;
      } else {
        await load();
        cold = await contentTiming(page, measured.probe);
      }
      runs.get(measured)!.cold.push(cold);
      if (!measured.reload) continue;
      await untilPersisted(page, measured.persisted!);
      await page.reload({ waitUntil: 'commit' });
      runs.get(measured)!.reload.push(await contentTiming(page, measured.probe));
    }
  } finally {
    await browser.close();
  }
  return homeRequests;
}

async function measureInBrowser(
  product: RunningProduct,
  pages: MeasuredPage[],
  log: (message: string) => void,
): Promise<BrowserFigures> {
  const runs = new Map(pages.map((page) => [page, { cold: [], reload: [] }]));
  let homeRequests: BrowserFigures['homeRequests'] | null = null;
  for (let run = 1; run <= RUNS; run += 1) {
    log(`web: Chromium run ${run} of ${RUNS} (${pages.map(({ label }) => label).join(', ')})…`);
    homeRequests = (await measureRun(product, pages, runs, run === 1)) ?? homeRequests;
  }
  return { runs, homeRequests: homeRequests! };
}

/** GET of the platform's REST API as the internal tools' client. */
async function restGet<T>(product: RunningProduct, token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${product.restUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Users of every seeded organization (the REST list's `total`), to pick and name the lists compared. */
async function userCounts(product: RunningProduct): Promise<Map<string, number>> {
  const token = await clientCredentialsToken(product.issuer, product.cliClient);
  const organizations = await restGet<{ data: { id: string }[] }>(product, token, '/organization?limit=0');
  const counts = new Map<string, number>();
  for (const { id } of organizations.data) {
    const users = await restGet<{ total: number }>(product, token, `/user?organizationId=${id}&limit=1`);
    counts.set(id, users.total);
  }
  return counts;
}

/** The organization (not the large one) whose user count is nearest SMALL_USER_COUNT. */
function smallOrganization(counts: Map<string, number>): string {
  const candidates = [...counts].filter(([id]) => id !== SCALE_ORGANIZATION);
  candidates.sort(([, a], [, b]) => Math.abs(a - SMALL_USER_COUNT) - Math.abs(b - SMALL_USER_COUNT));
  if (!candidates[0]) throw new Error('No seeded organization besides the large one');
  return candidates[0][0];
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => String(Math.round(value));
const medianOf = (timings: LoadTiming[], pick: (timing: LoadTiming) => number | null): number | null => {
  const values = timings.map(pick).filter((value): value is number => value !== null);
  return values.length === 0 ? null : median(values);
};
const verdict = (value: number | null, limit: number) => (value === null ? '–' : value <= limit ? 'met' : 'missed');

function renderHomeWeight(product: RunningProduct, manifest: Manifest, requests: BrowserFigures['homeRequests']) {
  const entry = staticClosure(manifest, entryKey(manifest));
  const weights: [string, Weight, Weight][] = [
    [
      'entry chunk and its static imports (index.html)',
      weigh(product.distDir, entry),
      weigh(product.distDir, entry, 6),
    ],
    [
      'requested by Chromium before home’s content showed',
      weigh(product.distDir, requests.beforeContent),
      weigh(product.distDir, requests.beforeContent, 6),
    ],
    [
      'requested by Chromium for home in all (until 1.5 s without a request)',
      weigh(product.distDir, requests.all),
      weigh(product.distDir, requests.all, 6),
    ],
  ];
  const homeTotal = weights[2]![1];
  return {
    homeTotal,
    markdown: table(
      [
        'what home loads',
        'files',
        `JS kB gzip (level ${GZIP_LEVEL})`,
        `CSS kB gzip (level ${GZIP_LEVEL})`,
        'JS / CSS kB at level 6',
      ],
      weights.map(([label, weight, level6]) => [
        label,
        String(weight.files),
        kb(weight.js),
        kb(weight.css),
        `${kb(level6.js)} / ${kb(level6.css)}`,
      ]),
    ),
  };
}

function renderScreenWeights(product: RunningProduct, manifest: Manifest, homeFiles: Set<string>): string {
  const rows = lazySourceChunks(manifest)
    .filter((key) => key !== 'src/screens/home/HomePage.tsx')
    .map((key) => {
      const closure = staticClosure(manifest, key);
      const own = weigh(product.distDir, [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
      const added = weigh(
        product.distDir,
        [...closure].filter((file) => !homeFiles.has(file)),
      );
      return [
        SCREEN_LABELS[key] ?? path.basename(key, '.tsx'),
        `\`${key.replace(/^src\//, '')}\``,
        `${kb(own.js)} / ${kb(own.css)}`,
        `${kb(added.js)} / ${kb(added.css)}`,
        String(added.files),
      ];
    });
  return table(
    [
      'screen (lazy module)',
      'source',
      'own chunk JS / CSS kB gzip',
      'with its static imports not loaded by home, JS / CSS kB gzip',
      'files',
    ],
    rows,
  );
}

function renderTimings(figures: BrowserFigures): string {
  const rows: string[][] = [];
  for (const page of [HOME, ORGANIZATIONS]) {
    const runs = figures.runs.get(page)!;
    for (const [load, timings] of [
      ['cold (signed in, HTTP cache and storage empty)', runs.cold],
      ['reload with the persisted cache', runs.reload],
    ] as const) {
      const total = medianOf(timings, (timing) => timing.contentMs);
      const afterDelay = medianOf(timings, (timing) => timing.afterDelayMs);
      rows.push([
        page.label,
        load,
        total === null ? '–' : ms(total),
        afterDelay === null ? '–' : ms(afterDelay),
        timings.map((timing) => ms(timing.contentMs)).join(', '),
      ]);
    }
  }
  return table(
    [
      'page',
      'load',
      'navigation start → content, median ms',
      `content after the ${LOADING_DELAY_MS} ms delay ended, median ms`,
      'each run (ms)',
    ],
    rows,
  );
}

function renderUsersAtScale(
  figures: BrowserFigures,
  smallUsers: MeasuredPage,
  counts: Map<MeasuredPage, number>,
): string {
  const medians = (page: MeasuredPage) => {
    const cold = figures.runs.get(page)!.cold;
    return { total: medianOf(cold, (t) => t.contentMs)!, afterDelay: medianOf(cold, (t) => t.afterDelayMs) };
  };
  const small = medians(smallUsers);
  const rows = [smallUsers, FULL_PAGE_USERS, SCALE_USERS].map((page) => {
    const figure = medians(page);
    return [
      `${page.label} (${formatCount(counts.get(page)!)} users)`,
      ms(figure.total),
      figure.afterDelay === null ? '–' : ms(figure.afterDelay),
      formatRatio(figure.total / small.total),
      figure.afterDelay === null || small.afterDelay === null ? '–' : formatRatio(figure.afterDelay / small.afterDelay),
      figures.runs
        .get(page)!
        .cold.map((t) => ms(t.contentMs))
        .join(', '),
    ];
  });
  return table(
    [
      'users list (cold load, signed in)',
      'navigation start → first rows, median ms',
      `after the ${LOADING_DELAY_MS} ms delay, median ms`,
      'total vs. small',
      'after delay vs. small',
      'each run (ms)',
    ],
    rows,
  );
}

/**
 * The console in Chromium against a production build: what home and each screen weigh gzipped, and how
 * soon home, the organizations list and the users lists show their content, cold and from the persisted cache.
 */
export const webSection: BenchSection = {
  id: 'web',
  async run(context: BenchContext) {
    // The journeys' product, with the 100,000-user organization and the gateway as it is measured.
    const product = await startProduct((message) => context.log(`web: ${message}`), {
      seedScale: true,
      production: true,
      manifest: true,
    });
    try {
      const manifest = readManifest(product.distDir);
      const userCountOf = await userCounts(product);
      const smallUsers = usersPage(smallOrganization(userCountOf));
      const counts = new Map([
        [SCALE_USERS, userCountOf.get(SCALE_ORGANIZATION)!],
        [FULL_PAGE_USERS, userCountOf.get(LISTED_ORGANIZATION)!],
        [smallUsers, userCountOf.get(smallOrganization(userCountOf))!],
      ]);
      const figures = await measureInBrowser(
        product,
        [HOME, ORGANIZATIONS, SCALE_USERS, FULL_PAGE_USERS, smallUsers],
        context.log,
      );
      const home = renderHomeWeight(product, manifest, figures.homeRequests);
      const homeFiles = new Set(figures.homeRequests.all);
      const homeCold = medianOf(figures.runs.get(HOME)!.cold, (t) => t.contentMs);
      const homeReload = medianOf(figures.runs.get(HOME)!.reload, (t) => t.afterDelayMs);
      const targets = table(
        ['target (issue 8)', 'measured', 'status'],
        [
          [
            `home JS ≤ ${TARGETS.homeJsKb} kB gzip`,
            `${kb(home.homeTotal.js)} kB`,
            verdict(home.homeTotal.js / 1000, TARGETS.homeJsKb),
          ],
          [
            `home CSS ≤ ${TARGETS.homeCssKb} kB gzip`,
            `${kb(home.homeTotal.css)} kB`,
            verdict(home.homeTotal.css / 1000, TARGETS.homeCssKb),
          ],
          [
            `home content ≤ ${TARGETS.homeColdMs} ms after navigation start, cold`,
            homeCold === null ? '–' : `${ms(homeCold)} ms`,
            verdict(homeCold, TARGETS.homeColdMs),
          ],
          [
            `home on reload with the persisted cache ≤ ${TARGETS.reloadAfterDelayMs} ms after the ${LOADING_DELAY_MS} ms delay`,
            homeReload === null ? '–' : `${ms(homeReload)} ms`,
            verdict(homeReload, TARGETS.reloadAfterDelayMs),
          ],
        ],
      );
      return [
        '## Web console',
        `Measured ${context.date} on ${context.machine}.`,
        [
          'The console built for production (`vite build --manifest`, as `pnpm build` does) and served as static files, with the platform',
          '(in process, 100,000-user organization seeded) and the gateway (own process, `NODE_ENV=production`) it talks to, as in',
          '`tests/e2e`. Sizes are of the built files gzipped with zlib at level 9 (what a host serving precompressed files sends;',
          'level 6 beside it). "Requested by Chromium" lists the `assets/` files the browser fetched for home on a cold load: the',
          'entry, its static imports and the lazy chunks home actually asks for.',
          `Timings: Debian Chromium (headless, flags of tests/e2e/support/browser.ts), ${RUNS} runs, each on a fresh profile that signs in`,
          `as ${ACCOUNT} through the real login form; then, for each page, "cold" = HTTP cache cleared and every localStorage entry but`,
          'the signed-in user removed (the persisted Apollo cache too) before navigating to it; "reload" = the same page reloaded once its',
          'data is in the persisted cache (HTTP cache warm). Content time = the page’s own clock (ms since navigation start) when a',
          'MutationObserver first sees the content in the DOM: home’s greeting with the user’s name; a list’s first rows (skeletons gone).',
          `"After the delay" subtracts the moment the session user became known (the console’s \`meridian:session-user\` mark, set in the`,
          `commit whose effect starts the loading delay’s timer: the two were seen within 1 ms of each other) plus the spec’s`,
          `${LOADING_DELAY_MS} ms loading delay: what the console itself adds after the wait the spec asks for.`,
        ].join('\n'),
        targets,
        '### What home loads',
        home.markdown,
        '### Each screen’s chunk',
        [
          'Own chunk: the lazy module alone. With its static imports: what opening the screen adds after home (shared chunks counted in',
          'each screen that needs them). The sandbox loads Monaco and its workers on demand besides (dynamic imports, not counted).',
        ].join('\n'),
        renderScreenWeights(product, manifest, homeFiles),
        '### Navigation start to content',
        renderTimings(figures),
        '### Users list at scale (issue 5)',
        `The organization users list of ${SCALE_ORGANIZATION} against ${smallUsers.label.replace('users of ', '')} (the seeded organization with nearest ${SMALL_USER_COUNT} users) and ${LISTED_ORGANIZATION} (a full first page of 50 rows, as the large one shows), cold; the console asks the gateway for one page either way.`,
        renderUsersAtScale(figures, smallUsers, counts),
      ].join('\n\n');
    } finally {
      await product.close();
    }
  },
};
