-- The audit trail (issue 7): one row for every write the REST API accepts and every sign-in attempt,
-- appended in the same transaction as the write (domain/audit.ts). No foreign keys: the trail names
-- organizations and users as they were, and must never stop their records from changing.
CREATE TABLE audit_events (
  id                    bigserial PRIMARY KEY,
  -- The transaction's start (now()), the same instant as the updated_at of the rows it wrote.
  occurred_at           timestamptz NOT NULL DEFAULT now(),
  -- The user's email, the internal tool's client id, or the email a sign-in was attempted with.
  actor                 text NOT NULL,
  actor_kind            text NOT NULL CHECK (actor_kind IN ('user','client','anonymous')),
  -- The user's name when the event was recorded (names change; the trail keeps what was true).
  actor_name            text,
  actor_role            text CHECK (actor_role IN ('systemAdmin','systemViewer','orgAdmin','orgUser')),
  actor_organization_id text,
  action                text NOT NULL,
  -- The tenant the event belongs to: an Org Admin reads only their own organization's events.
  organization_id       text,
  target_type           text,
  target_id             text,
  -- [{field, before, after}] from an allow-list of fields per target type: never a password, token,
  -- secret or hash.
  changes               jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(changes) = 'array'),
  -- Facts beyond field changes: counts of a bulk call, why a sign-in failed.
  details               jsonb CHECK (details IS NULL OR jsonb_typeof(details) = 'object'),
  request_id            text,
  client_ip             text
);

-- Newest first, cursor-paged on (occurred_at, id): one index per filter, each ending in the order.
CREATE INDEX audit_events_newest_idx ON audit_events (occurred_at DESC, id DESC);
CREATE INDEX audit_events_organization_idx ON audit_events (organization_id, occurred_at DESC, id DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor, occurred_at DESC, id DESC);
CREATE INDEX audit_events_target_idx ON audit_events (target_type, target_id, occurred_at DESC, id DESC);
CREATE INDEX audit_events_action_idx ON audit_events (action, occurred_at DESC, id DESC);

-- Append-only, enforced by the database itself: whatever the application does, an event once written
-- is never changed or removed (statement-level, so even an UPDATE or DELETE matching no row is refused).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
