-- The platform's data. Emails are stored lowercase; organization ids never change (they are in URLs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE organizations (
  id               text PRIMARY KEY,
  name             text NOT NULL,
  active           boolean NOT NULL DEFAULT false,
  status           text NOT NULL DEFAULT 'created'
                   CHECK (status IN ('created','onboarding','deploying','active','offboarding','offboarded')),
  domain           text[] NOT NULL DEFAULT '{}',
  callback_urls    text[] NOT NULL DEFAULT '{}',
  primary_contact  jsonb NOT NULL DEFAULT '{}'::jsonb,
  licenses         jsonb NOT NULL,
  preferences      jsonb NOT NULL DEFAULT '{"bi_portal":{"default_states":[]}}'::jsonb,
  customer_segment text NOT NULL,
  medicare_licensed boolean NOT NULL DEFAULT false,
  onboarding       jsonb NOT NULL DEFAULT '{}'::jsonb,  -- onboarding.bi.portal_url of spec section 3
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_name_idx ON organizations (lower(name));
CREATE INDEX organizations_search_idx ON organizations USING gin ((id || ' ' || lower(name)) gin_trgm_ops);

-- Background jobs of the lifecycle: steps advance over time (see lifecycle/jobs.ts).
CREATE TABLE organization_jobs (
  organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('onboarding','deployment','offboarding')),
  status          text NOT NULL CHECK (status IN ('in_progress','completed','failed')),
  started_at      timestamptz NOT NULL,
  completed_at    timestamptz,
  steps           jsonb NOT NULL,
  PRIMARY KEY (organization_id, kind)
);

CREATE TABLE users (
  email                      text PRIMARY KEY CHECK (email = lower(email)),
  organization_id            text NOT NULL REFERENCES organizations(id),
  name                       text NOT NULL,
  alternate_email            text,
  password_hash              text NOT NULL,
  password_changed_at        timestamptz NOT NULL DEFAULT now(),
  role                       text NOT NULL DEFAULT 'orgUser'
                             CHECK (role IN ('systemAdmin','systemViewer','orgAdmin','orgUser')),
  active                     boolean NOT NULL DEFAULT true,
  direct_data_access_enabled boolean NOT NULL DEFAULT false,
  tableau_license            text CHECK (tableau_license IN ('viewer','explorer','creator')),
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now()
);
-- Paging a large organization by name, and searching name or email by substring.
CREATE INDEX users_org_name_idx ON users (organization_id, lower(name), email);
CREATE INDEX users_org_email_idx ON users (organization_id, email);
CREATE INDEX users_search_idx ON users USING gin ((email || ' ' || lower(name)) gin_trgm_ops);

-- Data-access credentials; only a hash of the secret is kept.
CREATE TABLE credentials (
  id                 text PRIMARY KEY,
  organization_id    text NOT NULL REFERENCES organizations(id),
  user_email         text REFERENCES users(email),
  secret_hash        text NOT NULL,
  credential_enabled boolean NOT NULL DEFAULT true,
  generated_at       timestamptz NOT NULL DEFAULT now(),
  created_by         text NOT NULL
);
CREATE INDEX credentials_user_idx ON credentials (user_email) WHERE user_email IS NOT NULL;
CREATE INDEX credentials_org_idx ON credentials (organization_id) WHERE user_email IS NULL;
CREATE INDEX credentials_generated_idx ON credentials (generated_at) WHERE credential_enabled;

-- One-time tokens of the password create/reset links (only their hash is kept).
CREATE TABLE password_tokens (
  token_hash   text PRIMARY KEY,
  email        text NOT NULL REFERENCES users(email),
  purpose      text NOT NULL CHECK (purpose IN ('reset','expired','initiated')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX password_tokens_email_idx ON password_tokens (email, created_at DESC);

-- Failed sign-ins, for throttling (5 in 15 minutes).
CREATE TABLE login_failures (
  email      text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_idx ON login_failures (email, failed_at);

-- Mail the platform would send; readable at GET /dev/outbox in the local environment.
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  link       text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The catalog of licensable products; pr_catalog selects the 'pr-catalog' variant.
CREATE TABLE catalog_products (
  pr_catalog          boolean NOT NULL,
  product             text NOT NULL,
  kind                text NOT NULL CHECK (kind IN ('bi','models','data','fields','field_values',
                        'licensable_field_groups','provider_alias','provider_relationship')),
  name                text NOT NULL,
  description         text NOT NULL DEFAULT '',
  dependencies        text[] NOT NULL DEFAULT '{}',
  is_license_required boolean NOT NULL DEFAULT true,
  attributes          jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (pr_catalog, product)
);
CREATE TABLE catalog_versions (
  pr_catalog boolean PRIMARY KEY,
  version    text NOT NULL
);
CREATE TABLE customer_segments (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  attributes  jsonb NOT NULL DEFAULT '{}'::jsonb
);

-- The platform's feature catalog (decisions.md "Feature flags").
CREATE TABLE features (
  key              text PRIMARY KEY,
  description      text NOT NULL,
  entity           text NOT NULL DEFAULT 'organization',
  stage            text NOT NULL CHECK (stage IN ('beta','general-availability')),
  requires_license boolean NOT NULL,
  license_products text[] NOT NULL DEFAULT '{}'
);

-- The provider directory.
CREATE TABLE providers (
  npi       text PRIMARY KEY,
  name      text NOT NULL,
  specialty text NOT NULL,
  city      text NOT NULL,
  state     text NOT NULL,
  zip       text NOT NULL
);
CREATE INDEX providers_search_idx ON providers USING gin ((npi || ' ' || lower(name)) gin_trgm_ops);

CREATE TABLE provider_links (
  organization_id text NOT NULL REFERENCES organizations(id),
  kind            text NOT NULL CHECK (kind IN ('provider_alias','provider_relationship')),
  npi             text NOT NULL REFERENCES providers(npi),
  value           text NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      text NOT NULL,
  PRIMARY KEY (organization_id, kind, npi)
);

-- The OpenID provider's models (sessions, grants, codes, refresh tokens...), so restarts sign nobody out.
CREATE TABLE oidc_models (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  user_code   text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant_idx ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid_idx ON oidc_models (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_expires_idx ON oidc_models (expires_at);
