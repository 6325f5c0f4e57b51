-- Issue 32: audit events streamed to customers' endpoints (webhooks), signed per the Standard Webhooks
-- specification and delivered at least once, in order per endpoint, from an outbox written in the
-- same transaction as the event.

-- An organization's endpoints. The signing secret must be read back to sign, so it is sealed (the
-- MFA secret box: AES-GCM under MFA_ENCRYPTION_KEYS), never hashed. After a rotation the previous
-- secret keeps signing beside the new one until previous_secret_until, so a receiver can switch
-- without refusing a delivery. events NULL: every action; otherwise the audit actions it receives.
CREATE TABLE webhooks (
  id                     text PRIMARY KEY,
  organization_id        text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url                    text NOT NULL,
  events                 text[],
  secret_sealed          text NOT NULL,
  previous_secret_sealed text,
  previous_secret_until  timestamptz,
  -- paused_reason: 'manual' (an administrator paused it) or 'failing' (deliveries failed for a day).
  paused_at              timestamptz,
  paused_reason          text CHECK (paused_reason IN ('manual', 'failing')),
  created_by             text NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  -- One replica at a time sends an endpoint's deliveries (in order): it holds the lease while it sends,
  -- outside any transaction; a replica killed mid-send lets the lease run out and another takes over.
  lease_until            timestamptz,
  leased_by              text,
  CHECK ((paused_at IS NULL) = (paused_reason IS NULL))
);
CREATE INDEX webhooks_organization_idx ON webhooks (organization_id, created_at);

-- The outbox and the delivery log in one: a row per event per endpoint, written by the trigger below in
-- the transaction that records the event. A test event has no audit event (event_id NULL, test true).
-- status: pending (not yet delivered; retried at next_attempt_at), delivered, or failed (a test event
-- that failed; an event's delivery is never given up: its endpoint is paused and keeps it for later).
CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  webhook_id       text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event_id         bigint,
  test             boolean NOT NULL DEFAULT false,
  -- The Standard Webhooks webhook-id: the same for every attempt, so receivers drop duplicates.
  message_id       text NOT NULL UNIQUE DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_attempt_at  timestamptz,
  -- The endpoint's last answer: its HTTP status (NULL when none came), why it failed, how long it took.
  response_status  integer,
  error            text,
  latency_ms       integer,
  delivered_at     timestamptz,
  CHECK (test OR event_id IS NOT NULL)
);
-- The sender reads each endpoint's oldest pending delivery; the log lists an endpoint's newest first.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (webhook_id, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, id DESC);

-- Every event of an organization goes to its endpoints that take that action, in the event's own
-- transaction: if the write commits, its deliveries exist; if it rolls back, neither does. Paused
-- endpoints keep receiving them, to send in order once resumed.
-- The sender sends an endpoint's lowest pending id first, so ids must follow commit order: with two
-- replicas on PostgreSQL, a transaction that took id 10 could otherwise commit after one that took 11,
-- already sent. So one writer at a time per organization with endpoints, from its first delivery to its
-- commit (advisory lock class 4711004, db/locks.ts; the two-key space does not meet the one-key locks).
CREATE FUNCTION enqueue_webhook_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organization_id IS NOT NULL AND EXISTS (SELECT 1 FROM webhooks WHERE organization_id = NEW.organization_id) THEN
    PERFORM pg_advisory_xact_lock(4711004, hashtext(NEW.organization_id));
    INSERT INTO webhook_deliveries (webhook_id, event_id)
    SELECT w.id, NEW.id FROM webhooks w
     WHERE w.organization_id = NEW.organization_id AND (w.events IS NULL OR NEW.action = ANY (w.events));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER audit_events_webhooks AFTER INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION enqueue_webhook_deliveries();
