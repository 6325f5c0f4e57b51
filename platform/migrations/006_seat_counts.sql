-- Seats in use per organization (active users, and the active users' tableau explorer and viewer levels),
-- kept beside the user counts of 004 and by the same kind of statement-level triggers: every page that
-- shows license usage (an organization, the users list's heading, the organizations list) reads them
-- rather than counting an organization's 100,000 users.
ALTER TABLE organization_user_counts
  ADD COLUMN active_users  integer NOT NULL DEFAULT 0 CHECK (active_users >= 0),
  ADD COLUMN explorer_used integer NOT NULL DEFAULT 0 CHECK (explorer_used >= 0),
  ADD COLUMN viewer_used   integer NOT NULL DEFAULT 0 CHECK (viewer_used >= 0);

UPDATE organization_user_counts c
   SET active_users = u.active_users, explorer_used = u.explorer_used, viewer_used = u.viewer_used
  FROM (SELECT organization_id,
               count(*) FILTER (WHERE active)::int AS active_users,
               count(*) FILTER (WHERE active AND tableau_license = 'explorer')::int AS explorer_used,
               count(*) FILTER (WHERE active AND tableau_license = 'viewer')::int AS viewer_used
          FROM users GROUP BY organization_id) u
 WHERE c.organization_id = u.organization_id;

-- Applies the net seat change of one statement: each row counts +1 as it is now, -1 as it was.
CREATE FUNCTION organization_seat_counts_apply(organization_ids text[], signs integer[], actives boolean[], licenses text[])
RETURNS void LANGUAGE sql AS $$
  UPDATE organization_user_counts c
     SET active_users = c.active_users + d.active, explorer_used = c.explorer_used + d.explorer,
         viewer_used = c.viewer_used + d.viewer
    FROM (SELECT organization_id,
                 sum(CASE WHEN active THEN sign ELSE 0 END)::int AS active,
                 sum(CASE WHEN active AND license = 'explorer' THEN sign ELSE 0 END)::int AS explorer,
                 sum(CASE WHEN active AND license = 'viewer' THEN sign ELSE 0 END)::int AS viewer
            FROM unnest(organization_ids, signs, actives, licenses) AS t(organization_id, sign, active, license)
           GROUP BY 1) d
   WHERE c.organization_id = d.organization_id AND (d.active <> 0 OR d.explorer <> 0 OR d.viewer <> 0);
$$;

CREATE FUNCTION organization_seat_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_seat_counts_apply(array_agg(organization_id), array_agg(1), array_agg(active), array_agg(tableau_license::text))
     FROM inserted;
  RETURN NULL;
END $$;
CREATE FUNCTION organization_seat_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_seat_counts_apply(array_agg(organization_id), array_agg(-1), array_agg(active), array_agg(tableau_license::text))
     FROM deleted;
  RETURN NULL;
END $$;
CREATE FUNCTION organization_seat_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_seat_counts_apply(array_agg(organization_id), array_agg(sign), array_agg(active), array_agg(tableau_license))
     FROM (SELECT organization_id, 1 AS sign, active, tableau_license::text FROM inserted
           UNION ALL SELECT organization_id, -1, active, tableau_license::text FROM deleted) changed;
  RETURN NULL;
END $$;

CREATE TRIGGER users_seats_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION organization_seat_counts_on_insert();
CREATE TRIGGER users_seats_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION organization_seat_counts_on_delete();
CREATE TRIGGER users_seats_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS inserted OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION organization_seat_counts_on_update();
