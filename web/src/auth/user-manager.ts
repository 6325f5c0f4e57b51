import {
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { RuntimeConfig } from '../config/runtime.js';
import { browserRefreshTokenLedger, type RefreshTokenLedger } from './refresh-token-ledger.js';

/** The scopes of spec section 1; api_access is what the gateway requires. */
export const OIDC_SCOPES = 'openid email profile api_access';

export const CALLBACK_PATH = '/auth/callback';
export const SILENT_RENEW_PATH = '/auth/silent-renew';

/** Why a renewal did not happen: the stored user has no refresh token (signed out, or never had one). */
export const NO_REFRESH_TOKEN = 'There is no refresh token to renew the session with.';

/** Why a renewal did not happen: this tab never saw the refresh token another tab stored last. */
export const STORED_USER_BEHIND = 'This tab has not yet seen the session another tab renewed.';

/** Tabs take turns refreshing (see CoordinatedUserManager). */
const RENEW_LOCK_NAME = 'meridian-auth-renew';

/** How long a tab waits, polling, for its localStorage to show another tab's newest refresh token. */
const CATCH_UP_POLLS = 200;
const CATCH_UP_POLL_MS = 25;

/**
 * The settings of spec section 1 against the configured provider, with the provider's quirks
 * (stack.md, decisions.md "Sign-in"):
 * - authorization code + PKCE (oidc-client-ts always uses S256 for code flows);
 * - silent renew with refresh tokens only: the provider's cookies are SameSite=Lax, so an iframe renew
 *   cannot work (CoordinatedUserManager never starts one: without a refresh token it fails at once);
 * - sign-out revokes the refresh token only: the provider refuses to revoke JWT access tokens, which
 *   would abort the whole sign-out;
 * - monitorSession on: oidc-client-ts starts its check_session iframe only when the discovery document
 *   advertises check_session_iframe and the sign-in answered a session_state, i.e. only with providers
 *   that offer session management (ours does not; the session watch covers it, see session-watch.ts);
 * - the user lives in localStorage, shared by the console's tabs: a new tab is signed in at once, and
 *   a tab finding no user means no tab has one (spec section 4's broadcast rule relies on that).
 */
export function userManagerSettings(config: RuntimeConfig, origin: string): UserManagerSettings {
  return {
    authority: config.oidc.issuer,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: OIDC_SCOPES,
    automaticSilentRenew: true,
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['refresh_token'],
    monitorSession: true,
    // The ID token carries email and name: no userinfo round trip at sign-in.
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  };
}

/** Runs `task` while holding the cross-tab renew lock, where the browser has Web Locks. */
function withRenewLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return task();
  // The lock's promise resolves with the task's result (not the task's promise).
  return locks.request(RENEW_LOCK_NAME, task) as unknown as Promise<T>;
}

/**
 * A UserManager whose refreshes never overlap. The provider rotates refresh tokens and treats a reused
 * one as theft, revoking the whole grant, so two refreshes with the same token (the automatic renew
 * meeting the session watch, or two tabs sharing the stored user) would sign everyone out. Within a
 * tab concurrent calls share one refresh; across tabs a Web Lock makes them take turns, each waiting
 * until its localStorage shows the newest refresh token (refresh-token-ledger.ts says why it may not).
 */
export class CoordinatedUserManager extends UserManager {
  constructor(
    settings: UserManagerSettings,
    private readonly ledger: RefreshTokenLedger = browserRefreshTokenLedger(),
  ) {
    super(settings);
  }

  private renewal: Promise<User | null> | null = null;
  /** How often this page removed the stored user (signed out). */
  private removals = 0;
  /** `removals` when the renewal under way was asked for; null when none is. */
  private renewalAskedAt: number | null = null;

  override async removeUser(): Promise<void> {
    this.removals += 1;
    await super.removeUser();
  }

  /**
   * Stores a user, except the result of a renewal that was under way when this page removed the user
   * (signed out): stored after the sign-out, it would put the user back for every tab.
   */
  override async storeUser(user: User | null): Promise<void> {
    if (user && this.renewalAskedAt !== null && this.removals > this.renewalAskedAt) return;
    await super.storeUser(user);
    await this.ledger.record(user?.refresh_token);
  }

  /** The stored user's refresh token, read synchronously (the user store is localStorage). */
  private storedRefreshToken(): string | undefined {
    const stored = window.localStorage.getItem(this.userStorageKey);
    return stored ? (JSON.parse(stored) as { refresh_token?: string }).refresh_token : undefined;
  }

  override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
    if (!this.renewal) {
      this.renewalAskedAt = this.removals;
      this.renewal = withRenewLock(async () => {
        // Refresh tokens only: without one, oidc-client-ts would try a hidden iframe at the provider,
        // which cannot work (SameSite=Lax cookies) and which the Content-Security-Policy refuses. Read
        // from the store (localStorage), as super's own first read is, before and after catching up
        // (another tab may have signed out meanwhile).
        if (!this.storedRefreshToken()) throw new Error(NO_REFRESH_TOKEN);
        await this.catchUpWithOtherTabs();
        if (!this.storedRefreshToken()) throw new Error(NO_REFRESH_TOKEN);
        return super.signinSilent(args);
      }).finally(() => {
        this.renewal = null;
        this.renewalAskedAt = null;
      });
    }
    return this.renewal;
  }

  /**
   * Waits until this tab's localStorage shows the refresh token stored last by any tab. Refreshing
   * with an older one would revoke the grant, so after a while it gives up instead (the session watch
   * reads that as no answer and asks again later).
   */
  private async catchUpWithOtherTabs(): Promise<void> {
    // Polls counted rather than Date.now compared: the clock may jump (a laptop waking up).
    for (let poll = 0; poll < CATCH_UP_POLLS; poll += 1) {
      if (await this.ledger.isNewest(this.storedRefreshToken())) return;
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
    }
    throw new Error(STORED_USER_BEHIND);
  }

  /**
   * Signs `user` out at the provider: revokes their refresh token, removes the stored user and goes to
   * the end-session page with their ID token (so the provider does not ask). The user is passed in,
   * read before the other tabs were told: they remove the shared stored user, which signoutRedirect
   * alone would then miss (no revocation, and a provider asking "Sign out?").
   */
  async signoutRedirectAs(user: User | null): Promise<void> {
    if (user?.refresh_token) await this._client.revokeToken(user.refresh_token, 'refresh_token');
    // Removed first, so signoutRedirect does not revoke it a second time.
    await this.removeUser();
    await this.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
  }

  /** The localStorage key the signed-in user is stored under (other tabs watch it). */
  get userStorageKey(): string {
    return `oidc.user:${this.settings.authority}:${this.settings.client_id}`;
  }
}

export function createUserManager(
  config: RuntimeConfig,
  origin: string = window.location.origin,
  ledger?: RefreshTokenLedger,
): CoordinatedUserManager {
  return new CoordinatedUserManager(userManagerSettings(config, origin), ledger);
}
