-- Issue 39 §4–5: "Only single sign-on" cannot lock a hospital out.

-- Whether an organization's Org Admins keep their password, with a second factor, as the emergency way
-- in while the connection is single sign-on only. On unless an operator turns it off: a connection saved
-- before this migration gives its Org Admins that way back.
ALTER TABLE organization_sso ADD COLUMN admin_emergency_access boolean NOT NULL DEFAULT true;

-- "How many people signed in through the identity provider in the last 30 days" (asked before the
-- connection switches protocol) reads the sign-ins made through it, by organization and time: a small
-- part of a trail of millions of events.
CREATE INDEX audit_events_sso_sign_in_idx ON audit_events (organization_id, occurred_at)
  WHERE action = 'sign-in' AND details -> 'methods' @> '["fed"]'::jsonb;
