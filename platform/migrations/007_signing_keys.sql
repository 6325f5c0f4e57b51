-- The provider's signing keys, shared by every platform replica on the database (decisions.md
-- "Sign-in"). A key is published in the JWKS from the moment its row exists and signs from activates_at
-- on: the newest activated key signs, the others only verify. Rotation inserts a key activating later
-- than every replica's next re-read of this table, so no replica signs with a key another has not
-- published yet.
CREATE TABLE signing_keys (
  kid          text PRIMARY KEY,
  private_jwk  jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  activates_at timestamptz NOT NULL
);
