/** Readers of the deploy/ files the compose tests cross-check: nginx configs and Dockerfiles. */

/** nginx `upstream NAME { server host:port …; }` blocks: upstream name → its servers ("host:port"). */
export function nginxUpstreams(conf: string): Map<string, string[]> {
  const upstreams = new Map<string, string[]>();
  const withoutComments = conf.replace(/#.*$/gm, '');
  for (const match of withoutComments.matchAll(/upstream\s+([\w.-]+)\s*\{([^}]*)\}/g)) {
    // A server a line, or several on one line ("server a:1; server b:1;", as an environment fills them in).
    const servers = [...match[2]!.matchAll(/(?:^|;)\s*server\s+([^\s;]+)/gm)].map((server) => server[1]!);
    upstreams.set(match[1]!, servers);
  }
  return upstreams;
}

/** Where nginx proxies to: the `proxy_pass` URLs of a config. */
export function nginxProxyTargets(conf: string): string[] {
  return [...conf.replace(/#.*$/gm, '').matchAll(/proxy_pass\s+([^\s;]+)\s*;/g)].map((match) => match[1]!);
}

/** A Dockerfile's instructions as [keyword, arguments], comments and line continuations resolved. */
export function dockerInstructions(dockerfile: string): [string, string][] {
  return dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return [keyword.toUpperCase(), rest.join(' ')];
    });
}

/** The instructions of the last stage, the one that runs. */
export function finalStage(dockerfile: string): [string, string][] {
  const instructions = dockerInstructions(dockerfile);
  const lastFrom = instructions.map(([keyword]) => keyword).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}
