// No Docker engine runs here: docker-compose.yml is checked as data. It must be valid compose, use only
// documented configuration, keep the REST API, PostgreSQL and Redis private, and run the cluster topology
// (2 platform and 3 gateway replicas) behind nginx from the template start:cluster uses too.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allStrings,
  dependencies,
  dockerfileOf,
  hasHealthcheck,
  interpolatedNames,
  loadComposeFile,
  mountedFiles,
  networkNames,
  publishedContainerPorts,
  readRepoFile,
  repoRoot,
  serviceEnvironment,
  valueWithDefaults,
} from './compose-file.js';
import { validateCompose } from './compose-schema.js';
import { finalStage, dockerInstructions, nginxProxyTargets, nginxUpstreams } from './deploy-files.js';
import { documentedVariables } from './readme-config.js';
import { NGINX_TEMPLATE, renderNginxTemplate } from '../../scripts/cluster/topology.mjs';
import { PRODUCTION_SECRETS, SECRET_VARIABLES, STRICT_TRANSPORT_SECURITY } from '@meridian/schema';

const NGINX_TEMPLATE_FILE = path.relative(repoRoot, NGINX_TEMPLATE);

const { document } = loadComposeFile();
const services = Object.entries(document.services);
const service = (name: string) => {
  const found = document.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
};

/** What README.md's configuration table lacks of `names`, explained when README.md or its table is missing. */
function undocumented(names: Iterable<string>): string[] {
  const wanted = [...new Set(names)].sort();
  if (!existsSync(path.join(repoRoot, 'README.md'))) return wanted.map((name) => `${name} (README.md does not exist)`);
  const documented = documentedVariables(readRepoFile('README.md'));
  if (!documented) return wanted.map((name) => `${name} (README.md has no "## Configuration" table)`);
  return wanted.filter((name) => !documented.has(name));
}

const SECRET_NAMES = new Set<string>(Object.keys(SECRET_VARIABLES));
const secretName = {
  test: (name: string) => SECRET_NAMES.has(name) || /PASSWORD|SECRET|_KEYS|TOKEN|PRIVATE/.test(name),
};
const requiredInterpolation = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?[^}]*\}$/;

describe('the readers these tests rely on', () => {
  it('finds interpolated names in every compose form, nested defaults included, and not escaped dollars', () => {
    expect(interpolatedNames('a ${A} $B ${C:-x} ${D:?say} ${E:-${F}} $$G $${H} ${I-y}')).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'I',
    ]);
  });

  it("reads the names of README's configuration table and nothing outside it", () => {
    const readme = [
      '## Other',
      '| `OUTSIDE` | x |',
      '## Configuration',
      'Text.',
      '| variable | default |',
      '|---|---|',
      '| `PLATFORM_PORT` | `4010` |',
      '| `POSTGRES_USER`, `POSTGRES_DB` | `meridian` |',
      '### A subsection',
      '| `SUBSECTION_VAR` | `1` |',
      '## Next',
      '| `AFTER` | x |',
    ].join('\n');
    expect([...documentedVariables(readme)!].sort()).toEqual([
      'PLATFORM_PORT',
      'POSTGRES_DB',
      'POSTGRES_USER',
      'SUBSECTION_VAR',
    ]);
    expect(documentedVariables('# Title\n| `A` |')).toBeUndefined();
  });
});

describe('docker-compose.yml', () => {
  it("is valid against the compose specification's JSON schema", () => {
    const { valid, errors } = validateCompose(document);
    expect(errors, `ajv's errors:\n${errors.join('\n')}`).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be refused by the same validation with an unknown key or a malformed duration', () => {
    const broken = structuredClone(document) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.postgres!.imagee = 'postgres';
    broken.services['platform-1']!.healthcheck = { test: ['CMD', 'true'], interval: 'ten seconds' };
    const { valid, errors } = validateCompose(broken);
    expect(valid).toBe(false);
    expect(errors.join('\n')).toMatch(/\/services\/postgres must NOT have additional properties.*imagee/);
    expect(errors.join('\n')).toMatch(/\/services\/platform-1\/healthcheck\/interval must match format "duration"/);
  });

  it("sets only variables that README's configuration table documents", () => {
    const setNames = services.flatMap(([, definition]) => [...serviceEnvironment(definition).keys()]);
    expect(setNames.length).toBeGreaterThan(0);
    const missing = undocumented(setNames);
    expect(missing, `README.md's "## Configuration" table lacks: ${missing.join(', ')}`).toEqual([]);
  });

  it("interpolates only variables that README's configuration table documents", () => {
    const interpolated = allStrings(document).flatMap(interpolatedNames);
    expect(interpolated.length).toBeGreaterThan(0);
    const missing = undocumented(interpolated);
    expect(missing, `README.md's "## Configuration" table lacks: ${missing.join(', ')}`).toEqual([]);
  });

  it('has an example settings file naming exactly the variables it interpolates', () => {
    const example = readRepoFile('deploy/example.env')
      .split(/\r?\n/)
      .filter((line) => /^[A-Za-z_]\w*=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    const interpolated = new Set(allStrings(document).flatMap(interpolatedNames));
    expect(new Set(example)).toEqual(interpolated);
  });

  it('bakes in no secret: each comes from a required variable, in compose and in no image', () => {
    const secrets: [string, string][] = [];
    for (const [name, definition] of services) {
      for (const [variable, value] of serviceEnvironment(definition)) {
        if (secretName.test(variable)) secrets.push([`${name}: ${variable}`, value]);
        // A URL's password, as in DATABASE_URL.
        const urlPassword = /\/\/[^:/@\s]+:((?:\$\{[^}]*\}|[^@\s/$])+)@/.exec(value)?.[1];
        if (urlPassword !== undefined) secrets.push([`${name}: ${variable}'s password`, urlPassword]);
      }
    }
    expect(secrets.map(([where]) => where)).toContain("platform-1: DATABASE_URL's password");
    for (const [where, value] of secrets) expect(value, where).toMatch(requiredInterpolation);
    for (const dockerfile of services.flatMap(([, definition]) => dockerfileOf(definition) ?? [])) {
      const settings = dockerInstructions(readRepoFile(dockerfile)).filter(
        ([keyword]) => keyword === 'ENV' || keyword === 'ARG',
      );
      expect(
        settings.filter(([, args]) => secretName.test(args)),
        dockerfile,
      ).toEqual([]);
    }
  });

  it('runs production with every secret its own: each one the replicas need there is required, and no seed password', () => {
    const needs = {
      'deploy/platform.Dockerfile': PRODUCTION_SECRETS.platform,
      'deploy/gateway.Dockerfile': PRODUCTION_SECRETS.gateway,
    };
    for (const [dockerfile, secrets] of Object.entries(needs)) {
      const replicas = services.filter(([, definition]) => dockerfileOf(definition) === dockerfile);
      expect(replicas.length, dockerfile).toBeGreaterThan(0);
      for (const [name, definition] of replicas) {
        const environment = serviceEnvironment(definition);
        expect(valueWithDefaults(environment.get('APP_ENV') ?? ''), name).toBe('production');
        for (const secret of secrets)
          expect(environment.get(secret), `${name}: ${secret}`).toMatch(requiredInterpolation);
      }
    }
    // Production seeds no accounts (the first operator comes from create-operator).
    for (const [name, definition] of services)
      expect(serviceEnvironment(definition).has('SEED_PASSWORD'), name).toBe(false);
  });

  const replicasOf = (dockerfile: string) =>
    services
      .filter(([, definition]) => dockerfileOf(definition) === dockerfile)
      .map(([name]) => name)
      .sort();
  const nginxSetting = (name: string) => valueWithDefaults(serviceEnvironment(service('nginx')).get(name) ?? '');

  it('publishes the gateway and the OpenID provider through nginx, and not the REST API', () => {
    const published = publishedContainerPorts(service('nginx'));
    expect(published.sort()).toEqual(
      [Number(nginxSetting('GATEWAY_LISTEN')), Number(nginxSetting('OIDC_LISTEN'))].sort(),
    );
    expect(published).not.toContain(Number(nginxSetting('PLATFORM_API_LISTEN')));
    for (const [name, definition] of services) {
      // Only the parts meant for browsers and tools are published: nginx and the console.
      if (definition.ports?.length) expect(['nginx', 'web'], `${name} publishes ports`).toContain(name);
    }
  });

  it('keeps PostgreSQL, Redis and the platform on the internal network alone', () => {
    expect(document.networks?.internal?.internal).toBe(true);
    for (const name of ['postgres', 'redis', ...replicasOf('deploy/platform.Dockerfile')]) {
      expect(networkNames(service(name)), name).toEqual(['internal']);
      expect(service(name).ports ?? [], name).toEqual([]);
    }
    for (const name of [...replicasOf('deploy/gateway.Dockerfile'), 'nginx'])
      expect(networkNames(service(name)), name).toContain('internal');
    expect(networkNames(service('web'))).not.toContain('internal');
  });

  it('runs two platform and three gateway replicas, the upstreams of nginx, from the template start:cluster fills in', () => {
    const platforms = replicasOf('deploy/platform.Dockerfile');
    const gateways = replicasOf('deploy/gateway.Dockerfile');
    expect(platforms).toEqual(['platform-1', 'platform-2']);
    expect(gateways).toEqual(['gateway-1', 'gateway-2', 'gateway-3']);
    // Each names its host after itself, so its log lines and spans tell it from the other replicas.
    for (const name of [...platforms, ...gateways]) expect(service(name).hostname, name).toBe(name);
    const balancers = services.filter(([, definition]) =>
      [...mountedFiles(document, definition).values()].includes(path.normalize(NGINX_TEMPLATE_FILE)),
    );
    expect(balancers.map(([name]) => name)).toEqual(['nginx']);
    const nginx = service('nginx');
    expect(nginx.image).toMatch(/nginx/);
    // The nginx image fills in /etc/nginx/templates/*.template from its environment at start.
    expect([...mountedFiles(document, nginx).keys()]).toEqual(['/etc/nginx/templates/meridian.conf.template']);
    expect(
      dependencies(nginx)
        .map(({ name }) => name)
        .sort(),
    ).toEqual([...gateways, ...platforms].sort());

    const settings = Object.fromEntries(serviceEnvironment(nginx));
    const conf = renderNginxTemplate(readRepoFile(NGINX_TEMPLATE_FILE), settings);
    const portOf = (name: string, variable: string, fallback: string) =>
      valueWithDefaults(serviceEnvironment(service(name)).get(variable) ?? fallback);
    const upstreams = nginxUpstreams(conf);
    expect(upstreams.get('meridian_gateways')).toEqual(
      gateways.map((name) => `${name}:${portOf(name, 'GATEWAY_PORT', '')}`),
    );
    expect(upstreams.get('meridian_platform_api')).toEqual(
      platforms.map((name) => `${name}:${portOf(name, 'PLATFORM_PORT', '4010')}`),
    );
    expect(upstreams.get('meridian_oidc')).toEqual(
      platforms.map((name) => `${name}:${portOf(name, 'OIDC_PORT', '4011')}`),
    );
    expect([...new Set(nginxProxyTargets(conf))].sort()).toEqual(
      [...upstreams.keys()].map((name) => `http://${name}`).sort(),
    );
    // Of the private REST API, only SCIM is published (for customers' directories), on the gateways' address.
    expect(conf).toMatch(/location \/scim\/v2\/ \{\s*proxy_pass http:\/\/meridian_platform_api;\s*\}/);
    // The gateways reach the REST API through nginx, and share their state through Redis.
    for (const name of gateways) {
      const environment = serviceEnvironment(service(name));
      expect(environment.get('PLATFORM_API_URL')).toBe(`http://nginx:${nginxSetting('PLATFORM_API_LISTEN')}`);
      expect(environment.get('REDIS_URL')).toMatch(/^redis:\/\/redis:\d+$/);
    }
    for (const name of [...gateways, ...platforms])
      expect(service(name).ports ?? [], `${name} is reached through nginx only`).toEqual([]);
  });

  it("never tells a client a replica's address, and sends HSTS once on answers over https (issue 39 §2)", () => {
    const conf = readRepoFile(NGINX_TEMPLATE_FILE).replace(/#.*$/gm, '');
    // Each replica names itself (X-Meridian-Replica); nginx passes that on and adds no address.
    expect(conf).not.toMatch(/\$upstream_addr/);
    expect(conf).not.toMatch(/add_header\s+X-Meridian-Replica/i);
    expect(conf).not.toMatch(/proxy_hide_header\s+X-Meridian-Replica/i);
    // The scheme the load balancer saw reaches the replicas; HSTS from it, the replicas' copy hidden.
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto \$meridian_forwarded_proto;/);
    expect(conf).toMatch(/proxy_hide_header Strict-Transport-Security;/);
    expect(conf).toMatch(/add_header Strict-Transport-Security \$meridian_hsts always;/);
    for (const file of [NGINX_TEMPLATE_FILE, 'deploy/web-nginx.conf']) {
      const hsts = /map \$meridian_forwarded_proto \$meridian_hsts \{\s*default "";\s*https "([^"]+)";\s*\}/.exec(
        readRepoFile(file),
      );
      expect(hsts?.[1], file).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it('gives every service a healthcheck or a dependency it waits on until healthy, and a restart policy', () => {
    for (const [name, definition] of services) {
      const waitsOnHealthy = dependencies(definition).some(
        (dependency) => dependency.condition === 'service_healthy' && hasHealthcheck(service(dependency.name)),
      );
      expect(hasHealthcheck(definition) || waitsOnHealthy, `${name} has no healthcheck and waits on none`).toBe(true);
      expect(definition.restart, `${name}'s restart policy`).toMatch(/^(always|unless-stopped|on-failure(:\d+)?)$/);
      for (const dependency of dependencies(definition)) expect(document.services).toHaveProperty([dependency.name]);
    }
  });

  it('builds each image from deploy/ with the pinned pnpm and the lockfile, and runs it as a non-root user', () => {
    const pnpmVersion = /PNPM_VERSION = '([^']+)'/.exec(readRepoFile('scripts/pnpm.mjs'))?.[1];
    const dockerfiles = [...new Set(services.flatMap(([, definition]) => dockerfileOf(definition) ?? []))].sort();
    expect(dockerfiles).toEqual(['deploy/gateway.Dockerfile', 'deploy/platform.Dockerfile', 'deploy/web.Dockerfile']);
    for (const dockerfile of dockerfiles) {
      const text = readRepoFile(dockerfile);
      expect(text, dockerfile).toContain(`npm i -g pnpm@${pnpmVersion}`);
      expect(text, dockerfile).toMatch(/pnpm install --frozen-lockfile/);
      expect(text, dockerfile).toMatch(/^FROM node:24-bookworm-slim AS build$/m);
      const users = finalStage(text).filter(([keyword]) => keyword === 'USER');
      expect(users.at(-1)?.[1], `${dockerfile} runs as`).toMatch(/^(?!root$|0$)\S+$/);
      // BuildKit's ignore file beside the Dockerfile keeps the host's node_modules out of the image.
      expect(readRepoFile(`${dockerfile}.dockerignore`), dockerfile).toMatch(/^\*\*\/node_modules$/m);
    }
  });

  it("generates the console's documents in the gateway and web images, and gives the gateway its trusted documents", () => {
    for (const dockerfile of ['deploy/gateway.Dockerfile', 'deploy/web.Dockerfile'])
      expect(readRepoFile(dockerfile), dockerfile).toMatch(/RUN pnpm codegen/);
    const gateway = readRepoFile('deploy/gateway.Dockerfile');
    expect(gateway).toContain('cp web/src/gql/persisted-documents.json /out/trusted-documents.json');
    const settings = finalStage(gateway).filter(([keyword]) => keyword === 'ENV');
    expect(settings.map(([, args]) => args)).toContain('TRUSTED_DOCUMENTS=/app/gateway/trusted-documents.json');
    expect(gateway).toContain('COPY --from=build /out /app/gateway');
  });

  it("writes the console's config.json from exactly the variables the web service sets", () => {
    const template = readRepoFile('deploy/web-config.json.template');
    const templateNames = [...new Set(interpolatedNames(template))].sort();
    expect(JSON.parse(template.replace(/\$\{\w+\}/g, 'x'))).toBeTypeOf('object');
    expect(templateNames).toEqual([...serviceEnvironment(service('web')).keys()].sort());
    const substituted = /envsubst '([^']+)'/.exec(readRepoFile('deploy/web-config.sh'))?.[1] ?? '';
    expect(interpolatedNames(substituted).sort()).toEqual(templateNames);
    expect(readRepoFile('deploy/web.Dockerfile')).toContain('/docker-entrypoint.d/');
  });
});
