-- A credential's name and lifetime (issue 28): the name says what uses it; the lifetime is chosen at
-- creation from 1 to 90 days (schema/src/credentials.ts). Existing credentials keep 90 days and no name.
ALTER TABLE credentials ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 80);
ALTER TABLE credentials ADD COLUMN lifetime_days integer NOT NULL DEFAULT 90
  CHECK (lifetime_days BETWEEN 1 AND 90);
