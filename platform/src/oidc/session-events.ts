import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database, Queryable } from '../db/database.js';
import { endSignedOutSession, markSessionUsed, recordProviderSession } from '../domain/sessions.js';

// The provider's sign-in sessions, recorded in user_sessions so that people see and end them: a
// completed sign-in (a code issued under the session) records it with its browser and address, each
// token redemption (code or refresh token) marks it used, and signing out (RP-initiated logout) ends
// it everywhere like any revocation: its access tokens stop working at once, not when they expire.

/** What of a token the provider gives that names its session and how the person signed in. */
interface SessionSource {
  sessionUid?: string;
  amr?: string[];
  authTime?: number;
}

/** The code or refresh token a token request redeemed (a refresh grant's rotated token carries the same). */
export function redeemedSource(ctx: KoaContextWithOIDC | undefined): SessionSource | undefined {
  const entities = ctx?.oidc?.entities;
  return entities?.RefreshToken ?? entities?.AuthorizationCode;
}

async function recordSignIn(db: Queryable, ctx: KoaContextWithOIDC, sessionTtlSeconds: number): Promise<void> {
  const session = ctx.oidc.session;
  if (!session?.uid || !session.accountId) return;
  // The session's expiry once saved (the provider saves it before this runs, on the way out).
  const exp = typeof session.exp === 'number' ? session.exp * 1000 : Date.now() + sessionTtlSeconds * 1000;
  await recordProviderSession(db, {
    sid: session.uid,
    email: session.accountId,
    userAgent: ctx.get('user-agent').slice(0, 512) || null,
    // Koa's ip: behind nginx (provider.proxy) the X-Forwarded-For entry nginx appended.
    clientIp: ctx.ip || null,
    amr: Array.isArray(session.amr) ? session.amr : [],
    expiresAt: new Date(exp),
  });
}

/**
 * Records sessions as the provider completes sign-ins and redeems tokens. Done in a middleware, after
 * the provider's own work and before the answer leaves, so a session is listed as soon as its sign-in
 * has returned. A failure to record is reported, not made the person's problem: the sign-in stands,
 * and ending the user's sessions also finds the ones the provider holds unrecorded.
 */
export function recordSessions(
  provider: Provider,
  db: Database,
  sessionTtlSeconds: number,
  onError: (error: unknown) => void,
): void {
  const signedIn = new WeakSet<object>();
  const signedOut = new WeakSet<object>();
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => signedIn.add(ctx));
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => signedOut.add(ctx));
  provider.use(async (ctx, next) => {
    await next();
    try {
      if (signedIn.has(ctx)) await recordSignIn(db, ctx as KoaContextWithOIDC, sessionTtlSeconds);
      else if (signedOut.has(ctx)) {
        const sid = (ctx as KoaContextWithOIDC).oidc.session?.uid;
        if (sid) await endSignedOutSession(db, sid);
      } else if (ctx.method === 'POST' && ctx.status === 200 && (ctx as KoaContextWithOIDC).oidc?.route === 'token') {
        const sid = redeemedSource(ctx as KoaContextWithOIDC)?.sessionUid;
        if (sid) await markSessionUsed(db, sid);
      }
    } catch (error) {
      onError(error);
    }
  });
}
