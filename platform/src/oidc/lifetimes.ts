// How long what the provider issues lives; kept apart from provider.ts so that the domain (ending
// sessions) can read them without loading the provider.

/** Access tokens for the gateway live 5 minutes (decisions.md "Sign-in and sessions"). */
export const ACCESS_TOKEN_TTL_SECONDS = 300;
/** A sign-in lasts a working day at most: the session, its grant and its rotating refresh tokens. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
export const INTERACTION_TTL_SECONDS = 60 * 60;
