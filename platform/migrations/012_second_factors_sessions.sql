-- Issue 29: second factors (TOTP, passkeys, recovery codes), required per organization, and sign-in
-- sessions that can be listed and ended, their access tokens with them.
ALTER TABLE organizations ADD COLUMN require_mfa boolean NOT NULL DEFAULT false;

-- A user's authenticator app (TOTP, RFC 6238). The key is needed to check codes, so it is kept,
-- encrypted with the platform's secret. last_step is the newest time step accepted: a code counts once.
CREATE TABLE mfa_totp (
  email        text PRIMARY KEY REFERENCES users(email) ON DELETE CASCADE,
  secret       text NOT NULL,
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  last_step    bigint NOT NULL DEFAULT 0
);

-- Passkeys (WebAuthn credentials): their public key and signature counter, never a secret.
CREATE TABLE mfa_passkeys (
  id           text PRIMARY KEY,
  email        text NOT NULL REFERENCES users(email) ON DELETE CASCADE,
  public_key   text NOT NULL,
  counter      bigint NOT NULL DEFAULT 0,
  transports   text[] NOT NULL DEFAULT '{}',
  device_type  text NOT NULL,
  backed_up    boolean NOT NULL DEFAULT false,
  name         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX mfa_passkeys_email_idx ON mfa_passkeys (email);

-- Ten single-use recovery codes per user, shown once; only their hash is kept.
CREATE TABLE mfa_recovery_codes (
  email      text NOT NULL REFERENCES users(email) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, code_hash)
);

-- Wrong second-factor codes, per account and per address: throttled like passwords.
CREATE TABLE mfa_failures (
  email     text NOT NULL,
  client_ip text,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_failures_email_idx ON mfa_failures (email, failed_at);
CREATE INDEX mfa_failures_ip_idx ON mfa_failures (client_ip, failed_at) WHERE client_ip IS NOT NULL;

-- A sign-in between its password and its second factor, per provider interaction ('interaction:'
-- uid), or an enrollment from the account page (per provider session, 'session:' uid), so that any
-- provider replica serves the next step: where the step stands, the key being enrolled (encrypted),
-- the WebAuthn challenge issued, and once the factor is proven the methods it was proven with.
CREATE TABLE mfa_pending (
  id          text PRIMARY KEY,
  email       text NOT NULL REFERENCES users(email) ON DELETE CASCADE,
  stage       text NOT NULL CHECK (stage IN ('verify', 'enroll', 'enrolled', 'done')),
  totp_secret text,
  challenge   text,
  amr         text[],
  expires_at  timestamptz NOT NULL
);
CREATE INDEX mfa_pending_expires_idx ON mfa_pending (expires_at);

-- Sign-in sessions: the provider's session uid is the `sid` every token of the session carries.
CREATE TABLE user_sessions (
  sid          text PRIMARY KEY,
  email        text NOT NULL REFERENCES users(email) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  user_agent   text,
  client_ip    text,
  amr          text[] NOT NULL DEFAULT '{}',
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX user_sessions_email_idx ON user_sessions (email, started_at DESC) WHERE revoked_at IS NULL;

-- Every session ended, in order: the feed the gateways follow (kept while the session's tokens live).
CREATE TABLE session_revocations (
  seq        bigserial PRIMARY KEY,
  sid        text NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);
