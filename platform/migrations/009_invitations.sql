-- Invitations (issue 18, decisions.md "Invitations"): an invited user is a user row without a password
-- hash, holding an unused 'invitation' password token that lives 7 days. Sign-in already refuses a user
-- without a hash (it verifies against a decoy), and the create-password link sets the first password.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE password_tokens DROP CONSTRAINT password_tokens_purpose_check;
ALTER TABLE password_tokens ADD CONSTRAINT password_tokens_purpose_check
  CHECK (purpose IN ('reset', 'expired', 'initiated', 'invitation'));
