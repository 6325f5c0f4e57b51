-- Issue 30: customer organizations sign in through their own identity provider (OpenID Connect or
-- SAML 2.0), found by their email's domain.

-- One connection per organization. OIDC: the customer's issuer (its discovery document), our client
-- id there and the client secret, encrypted like second-factor keys (never read back). SAML: the
-- IdP's metadata as given (XML, or the URL it was read from) and what was read from it (entity id,
-- sign-in URL, signing certificates), so a sign-in never waits on the customer's metadata URL.
CREATE TABLE organization_sso (
  organization_id    text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  protocol           text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  oidc_issuer        text,
  oidc_client_id     text,
  oidc_client_secret text,
  saml_metadata_xml  text,
  saml_metadata_url  text,
  saml_idp_entity_id text,
  saml_sso_url       text,
  saml_certificates  text[] NOT NULL DEFAULT '{}',
  sso_only           boolean NOT NULL DEFAULT false,
  default_role       text NOT NULL DEFAULT 'orgUser' CHECK (default_role IN ('orgAdmin', 'orgUser')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (protocol <> 'oidc' OR (oidc_issuer IS NOT NULL AND oidc_client_id IS NOT NULL AND oidc_client_secret IS NOT NULL)),
  CHECK (protocol <> 'saml' OR (saml_idp_entity_id IS NOT NULL AND saml_sso_url IS NOT NULL))
);

-- A sign-in gone to the customer's provider, by the `state` (OIDC) or RelayState (SAML) it carries:
-- which provider interaction it belongs to (only the browser holding that interaction's cookie may
-- finish it), what the callback must check (PKCE verifier, nonce, the AuthnRequest's id), and once
-- the callback has verified the answer, the identity it vouched for. Any provider replica carries on.
CREATE TABLE sso_pending (
  state           text PRIMARY KEY,
  interaction_uid text NOT NULL,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  protocol        text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  code_verifier   text,
  nonce           text,
  request_id      text,
  identity        jsonb,
  expires_at      timestamptz NOT NULL
);
CREATE INDEX sso_pending_interaction_idx ON sso_pending (interaction_uid);
CREATE INDEX sso_pending_expires_idx ON sso_pending (expires_at);

-- node-saml's request cache: the ids of AuthnRequests sent, each taken once by the response that
-- answers it (InResponseTo), so a response replayed, or one we never asked for, is refused.
CREATE TABLE sso_saml_requests (
  id         text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- People who sign in through their organization's identity provider: its identifier of them (OIDC
-- sub, SAML NameID), set at their first such sign-in. They need no Meridian password, so a user
-- without one is "invited" only when this is null too.
ALTER TABLE users ADD COLUMN sso_subject text;

-- How a second step began: 'pwd' after a password, 'fed' after the customer's provider, so the
-- session's amr names what really happened.
ALTER TABLE mfa_pending ADD COLUMN first_method text NOT NULL DEFAULT 'pwd';

-- Users created by a connection at their first sign-in are recorded as created by it.
ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_kind_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check
  CHECK (actor_kind IN ('user', 'client', 'anonymous', 'connection'));
