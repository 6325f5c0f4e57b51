// How long what the OpenID provider issues lives: in domain/ because both the provider (oidc/provider.ts)
// and the services (ending sessions) read them, and a service may not import oidc/.

/** Access tokens for the gateway live 5 minutes (decisions.md "Sign-in and sessions"). */
export const ACCESS_TOKEN_TTL_SECONDS = 300;
/** A sign-in lasts a working day at most: the session, its grant and its rotating refresh tokens. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
export const INTERACTION_TTL_SECONDS = 60 * 60;
