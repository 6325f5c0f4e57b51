import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/support/paths.js';

// The web app's folder boundaries (issue 17), as eslint.config.js applies them to web/src: a screen area
// imports only the shared and infrastructure folders and itself; those folders import no screen.
const configModule = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as {
  default: Linter.Config[];
};
const boundaries = configModule.default.find((block) => block.rules?.['meridian/web-boundaries'] === 'error');
const rule = boundaries?.plugins?.meridian?.rules?.['web-boundaries'];

const ADVICE =
  "Shared UI goes in web/src/components/, shared logic in web/src/lib/; a screen area imports only those, the app's infrastructure folders and itself.";
const fileIn = (relative: string) => path.join(repoRoot, 'web', 'src', relative);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } });

describe('web folder boundaries', () => {
  it('are on for every source file of the web app', () => {
    expect(boundaries?.files).toEqual(['web/src/**/*.{ts,tsx}']);
    expect(rule).toBeDefined();
  });

  tester.run('meridian/web-boundaries', rule!, {
    valid: [
      // Its own area, however deep, and the shared and infrastructure folders.
      {
        filename: fileIn('screens/users/profile/general/GeneralSection.tsx'),
        code: "import '../password/PasswordSection.js';",
      },
      {
        filename: fileIn('screens/users/profile/UserProfilePage.tsx'),
        code: "import { ActivityList } from '../../../components/activity/ActivityList.js';",
      },
      {
        filename: fileIn('screens/activity/ActivityPage.tsx'),
        code: "import { PATHS } from '../../routes/paths.js'; import '../../lib/table-csv.js';",
      },
      {
        filename: fileIn('screens/password/ExpiringPasswordPage.test.tsx'),
        code: "vi.mock('./useCreatePassword.js');",
      },
      // Packages are not folders of the app; the router mounts every area's pages.
      { filename: fileIn('screens/home/HomePage.tsx'), code: "import { Button } from '@blueprintjs/core';" },
      { filename: fileIn('routes/AppRoutes.tsx'), code: "const page = () => import('../screens/home/HomePage.js');" },
      { filename: fileIn('components/activity/ActivityList.tsx'), code: "import '../../lib/download.js';" },
    ],
    invalid: [
      {
        filename: fileIn('screens/activity/activity-csv.ts'),
        code: "import { toCsv } from '../analytics/csv.js';",
        errors: [{ message: `screens/activity may not import screens/analytics/csv.js. ${ADVICE}` }],
      },
      {
        filename: fileIn('screens/users/profile/UserProfilePage.test.tsx'),
        code: "export * from '../../activity/test-support.js'; vi.mock('../../password/reminder.js'); const page = () => import('../../home/HomePage.js');",
        errors: [
          { message: `screens/users may not import screens/activity/test-support.js. ${ADVICE}` },
          { message: `screens/users may not import screens/password/reminder.js. ${ADVICE}` },
          { message: `screens/users may not import screens/home/HomePage.js. ${ADVICE}` },
        ],
      },
      {
        filename: fileIn('screens/home/HomePage.tsx'),
        code: "import '../../sandbox/SandboxPage.js';",
        errors: [{ message: `screens/home may not import sandbox/SandboxPage.js. ${ADVICE}` }],
      },
      {
        filename: fileIn('components/credential-banner/credential-banner-state.ts'),
        code: "import { localCalendarDay } from '../../screens/password/reminder.js';",
        errors: [
          {
            message: `web/src/components/ is shared and may not import a screen (screens/password/reminder.js). ${ADVICE}`,
          },
        ],
      },
      {
        filename: fileIn('apollo/setup.ts'),
        code: "import { reloadOnce } from '../screens/errors/chunk-reload.js';",
        errors: [{ messageId: 'sharedImportsScreen' }],
      },
    ],
  });
});
