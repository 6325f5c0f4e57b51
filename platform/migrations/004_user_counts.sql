-- Users per organization, kept by the database itself so that an unfiltered users list can answer its
-- total without counting 100,000 rows. Statement-level triggers with transition tables keep bulk
-- inserts (the seed, the scale seed) as fast as single ones.
CREATE TABLE organization_user_counts (
  organization_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  users           integer NOT NULL DEFAULT 0 CHECK (users >= 0)
);

INSERT INTO organization_user_counts (organization_id, users)
SELECT o.id, (SELECT count(*) FROM users u WHERE u.organization_id = o.id) FROM organizations o;

CREATE FUNCTION organization_user_counts_on_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization_user_counts (organization_id) SELECT id FROM inserted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER organizations_counted AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION organization_user_counts_on_organization();

-- Applies the net change of users per organization of one statement.
CREATE FUNCTION organization_user_counts_apply(organization_ids text[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE organization_user_counts c SET users = c.users + d.delta
    FROM (SELECT organization_id, sum(delta)::int AS delta
            FROM unnest(organization_ids, deltas) AS t(organization_id, delta) GROUP BY 1) d
   WHERE c.organization_id = d.organization_id AND d.delta <> 0;
$$;

CREATE FUNCTION organization_user_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_user_counts_apply(array_agg(organization_id), array_agg(1)) FROM inserted;
  RETURN NULL;
END $$;
CREATE FUNCTION organization_user_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_user_counts_apply(array_agg(organization_id), array_agg(-1)) FROM deleted;
  RETURN NULL;
END $$;
-- Users do not move between organizations today; this keeps the count right if one ever does.
CREATE FUNCTION organization_user_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_user_counts_apply(array_agg(organization_id), array_agg(delta))
     FROM (SELECT organization_id, 1 AS delta FROM inserted UNION ALL SELECT organization_id, -1 FROM deleted) moved;
  RETURN NULL;
END $$;

CREATE TRIGGER users_counted_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION organization_user_counts_on_insert();
CREATE TRIGGER users_counted_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION organization_user_counts_on_delete();
CREATE TRIGGER users_counted_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS inserted OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION organization_user_counts_on_update();
