import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const webDir = path.join(repoRoot, 'web');
/** Screenshots of every screen a journey visits, for a person to look at (E2E_SCREENSHOT_DIR: elsewhere). */
export const screenshotDir = process.env.E2E_SCREENSHOT_DIR
  ? path.resolve(process.env.E2E_SCREENSHOT_DIR)
  : path.join(repoRoot, 'test-output', 'screenshots');
