-- Issue 39 §3. A password attempt is counted in login_failures before the password is checked (in the
-- step that checks the limit), and given back when no password was checked after all (an organization
-- that signs in only through its identity provider): each counted attempt needs an id to be given back.
ALTER TABLE login_failures ADD COLUMN id bigserial PRIMARY KEY;

-- When a provider session (its uid, the tokens' sid) last proved a second factor on the account
-- security page: changing one's own factors needs a proof (or a sign-in with one) of the last 5 minutes.
CREATE TABLE factor_proofs (
  sid       text PRIMARY KEY,
  email     text NOT NULL REFERENCES users(email) ON DELETE CASCADE,
  proven_at timestamptz NOT NULL
);
CREATE INDEX factor_proofs_proven_idx ON factor_proofs (proven_at);
