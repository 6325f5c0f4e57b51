import { loadConfig, startPlatform } from '@meridian/platform';
import { clientCredentialsToken } from '../internal-tool/client-credentials.js';
import { buildGateway } from './gateway-process.js';
import type { BenchContext, BenchSection } from './report.js';
import { TRACING_LOAD, measureTracing, renderTracing } from './tracing-overhead.js';

/**
 * What OpenTelemetry tracing costs the gateway (issue 32): the same build with tracing off, sampled at
 * 100 % and at 10 %, in one run. The gateway's own work is what tracing adds to, so the platform is the
 * small demo seed (no 100,000-user organization): the figure needs no other section's setup. `pnpm bench
 * gateway` measures it too, after the gateway's own section.
 */
export const tracingSection: BenchSection = {
  id: 'tracing',
  partOf: 'gateway',
  async run(context: BenchContext) {
    context.log('building the gateway as production does (tsc -b gateway/tsconfig.build.json)…');
    buildGateway();
    const config = loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', PLATFORM_PORT: '0', OIDC_PORT: '0' });
    const platform = await startPlatform(config, { logger: false });
    try {
      const token = () =>
        clientCredentialsToken(platform.issuer, { id: config.cliClientId, secret: config.cliClientSecret });
      const figures = await measureTracing(platform, token, TRACING_LOAD, context.log);
      return [
        '## Tracing (OpenTelemetry)',
        `Measured ${context.date} on ${context.machine}, PGlite in memory, the demo seed.`,
        renderTracing(figures, TRACING_LOAD),
        `Command: \`${context.command}\``,
      ].join('\n\n');
    } finally {
      await platform.close();
    }
  },
};
