-- What a list's search matches, kept in a column the database computes on every insert and update:
-- `search_text LIKE '%fragment%'` (lists.ts containsPattern) then rechecks each trigram candidate with
-- a plain comparison instead of concatenating and lowercasing it again. Searching "mar" among 100,000
-- users rechecks 7,245 candidates; on PGlite the stored text made that count about 40% faster
-- (pnpm bench platform). The text is the one the trigram indexes of 001 covered, so what a search
-- matches is unchanged.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (email || ' ' || lower(name)) STORED;
DROP INDEX users_search_idx;
CREATE INDEX users_search_idx ON users USING gin (search_text gin_trgm_ops);

ALTER TABLE organizations ADD COLUMN search_text text GENERATED ALWAYS AS (id || ' ' || lower(name)) STORED;
DROP INDEX organizations_search_idx;
CREATE INDEX organizations_search_idx ON organizations USING gin (search_text gin_trgm_ops);

ALTER TABLE providers ADD COLUMN search_text text GENERATED ALWAYS AS (npi || ' ' || lower(name)) STORED;
DROP INDEX providers_search_idx;
CREATE INDEX providers_search_idx ON providers USING gin (search_text gin_trgm_ops);

-- The tables were rewritten: fresh statistics, so that the planner weighs the new indexes rightly
-- (PGlite runs no autovacuum to gather them).
ANALYZE users;
ANALYZE organizations;
ANALYZE providers;
