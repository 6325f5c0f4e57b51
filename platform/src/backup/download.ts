// The backup client (`npm run backup`): an internal tool's token, then the running platform's snapshot.
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { BACKUP_SHA256_HEADER } from '../contract/backup.js';

export interface BackupSource {
  /** The platform's REST API (PLATFORM_API_URL). */
  apiUrl: string;
  /** The OpenID provider issuing the internal tool's token (OIDC_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A refusal or failure in words, for the person running the tool. */
export class BackupFailed extends Error {}

async function accessToken(source: BackupSource): Promise<string> {
  let config: client.Configuration;
  try {
    config = await client.discovery(new URL(source.issuer), source.clientId, source.clientSecret, undefined, {
      // The local provider is plain HTTP; a deployment's issuer is HTTPS.
      ...(source.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new BackupFailed(
      `The platform's OpenID provider at ${source.issuer} does not answer (${(error as Error).message}). ` +
        'Is the platform running (npm start)? Set OIDC_ISSUER if it runs elsewhere.',
    );
  }
  try {
    return (await client.clientCredentialsGrant(config, { scope: 'api_access' })).access_token;
  } catch (error) {
    throw new BackupFailed(
      `The provider refused the internal tool ${source.clientId} (${(error as Error).message}): check CLI_CLIENT_ID and CLI_CLIENT_SECRET.`,
    );
  }
}

/** Asks the running platform for a snapshot and checks it arrived whole (its SHA-256). */
export async function downloadBackup(source: BackupSource): Promise<{ body: Uint8Array<ArrayBuffer>; sha256: string }> {
  const token = await accessToken(source);
  let response: Response;
  try {
    response = await fetch(new URL('/admin/backup', source.apiUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (error) {
    throw new BackupFailed(
      `The platform's REST API at ${source.apiUrl} does not answer (${(error as Error).message}). ` +
        'Is the platform running (npm start)? Set PLATFORM_API_URL if it runs elsewhere.',
    );
  }
  if (!response.ok) {
    const text = await response.text();
    let words = text;
    try {
      const json = JSON.parse(text) as { message?: string; conflicts?: { message: string }[] };
      words = json.conflicts?.map((c) => c.message).join('; ') ?? json.message ?? text;
    } catch {
      // Not JSON: its text is the best words there are.
    }
    throw new BackupFailed(`The platform refused the backup (${response.status}): ${words}`);
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const sha256 = createHash('sha256').update(body).digest('hex');
  const expected = response.headers.get(BACKUP_SHA256_HEADER);
  if (expected !== sha256)
    throw new BackupFailed(
      `The backup arrived damaged: its SHA-256 is ${sha256}, the platform sent ${expected ?? 'none'}. Nothing was written; try again.`,
    );
  return { body, sha256 };
}
