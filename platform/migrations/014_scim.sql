-- Issue 31: customers' directories (Entra ID, Okta) provision their users over SCIM 2.0.

-- An organization's SCIM tokens: only a SHA-256 hash of each is kept (the token is 256 random bits, so
-- a fast hash is enough), with its last characters to tell tokens apart. A revoked token stays listed
-- for the record; rotating revokes the old one and creates its successor under the same label.
CREATE TABLE scim_tokens (
  id              text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label           text NOT NULL,
  token_hash      text NOT NULL UNIQUE,
  token_hint      text NOT NULL,
  created_by      text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_used_at    timestamptz,
  revoked_at      timestamptz,
  -- Each token's request budget (a token bucket: SCIM_RATE_LIMIT_PER_MINUTE), kept here so that every
  -- platform replica spends and refills the same one. NULL: full.
  budget          double precision,
  budget_at       timestamptz
);
CREATE INDEX scim_tokens_organization_idx ON scim_tokens (organization_id, created_at);

-- Every user of an organization is a SCIM resource (a directory matches people created in the console
-- by userName): its id, the directory's externalId, and what the directory sent that Meridian has no
-- column for (name parts, title, the enterprise extension), answered back as given. DELETE removes the
-- resource (scim_removed: GET answers 404) and deactivates the person; a new POST of the same userName
-- provisions them again under a new id.
ALTER TABLE users ADD COLUMN scim_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE users ADD COLUMN scim_external_id text;
ALTER TABLE users ADD COLUMN scim_attributes jsonb NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN scim_removed boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX users_scim_id_idx ON users (scim_id);
CREATE INDEX users_scim_external_id_idx ON users (organization_id, scim_external_id) WHERE scim_external_id IS NOT NULL;

-- What a token does is recorded as the directory's (scim:<token id>).
ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_kind_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check
  CHECK (actor_kind IN ('user', 'client', 'anonymous', 'connection', 'directory'));
