import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { GatewayConfig } from '../config.js';

const DISCOVERY_TIMEOUT_MS = 5000;

interface Discovery {
  issuer: string;
  jwks_uri: string;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * The provider's signing keys, found through its discovery document and fetched from its JWKS. jose's
 * remote key set downloads the set again when a token names a key id it does not know (at most once
 * per cooldown), so a rotated key is picked up on its first token without a failed request.
 */
export class ProviderKeys {
  private discovery: Promise<Discovery> | undefined;
  private keySet: JWTVerifyGetKey | undefined;

  constructor(private readonly config: Pick<GatewayConfig, 'oidcIssuer' | 'jwksCooldownMs'>) {}

  /** The key lookup for jwtVerify. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const keys = await this.remoteKeySet();
    return keys(header, token);
  };

  /** The provider's discovery document, fetched once (again after a failure). */
  discover(): Promise<Discovery> {
    this.discovery ??= this.fetchDiscovery().catch((error: unknown) => {
      this.discovery = undefined;
      throw error;
    });
    return this.discovery;
  }

  /** Readiness: the discovery document answers and the JWKS it names can be downloaded and has keys. */
  async check(): Promise<void> {
    const { jwks_uri } = await this.discover();
    const jwks = (await fetchJson(jwks_uri)) as { keys?: unknown };
    if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new Error('The JWKS has no keys');
  }

  private async remoteKeySet(): Promise<JWTVerifyGetKey> {
    if (this.keySet) return this.keySet;
    const { jwks_uri } = await this.discover();
    this.keySet ??= createRemoteJWKSet(new URL(jwks_uri), {
      cooldownDuration: this.config.jwksCooldownMs,
      timeoutDuration: DISCOVERY_TIMEOUT_MS,
    });
    return this.keySet;
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const document = (await fetchJson(
      `${this.config.oidcIssuer}/.well-known/openid-configuration`,
    )) as Partial<Discovery>;
    // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
    if (document.issuer?.replace(/\/+$/, '') !== this.config.oidcIssuer) {
      throw new Error(`The discovery document names issuer ${String(document.issuer)}, not ${this.config.oidcIssuer}`);
    }
    if (typeof document.jwks_uri !== 'string') throw new Error('The discovery document names no jwks_uri');
    return { issuer: document.issuer, jwks_uri: document.jwks_uri };
  }
}
