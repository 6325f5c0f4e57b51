/** The environments of spec section 9, each with its own gateway and sign-in provider. */
export const ENVIRONMENTS = ['local', 'testing', 'development', 'qa', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Words in a host name that name an environment (`console.qa.example.com`, `dev-console.example.com`). */
const ENVIRONMENT_WORDS: Readonly<Record<string, Environment>> = {
  test: 'testing',
  testing: 'testing',
  dev: 'development',
  development: 'development',
  qa: 'qa',
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/**
 * The environment a host name belongs to (decisions.md: derived from the browser's host name): loopback
 * hosts are local; otherwise the first label, or hyphen-separated word of a label, that names one (test,
 * testing, dev, development, qa); a host naming none is production.
 */
export function environmentFromHost(hostname: string): Environment {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return 'local';
  for (const label of host.split('.')) {
    for (const word of label.split('-')) {
      const environment = ENVIRONMENT_WORDS[word];
      if (environment) return environment;
    }
  }
  return 'production';
}
