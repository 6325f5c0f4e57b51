-- Issue 39 §5 "What people read": why a session ended, how each person came, and when they last
-- signed in.

-- Why a session ended (schema's SESSION_END_REASONS: signedOut, administrator, factorReset,
-- passwordReset, passwordChanged, deactivated), written with revoked_at, so a token of the session is
-- refused with words that say what happened ("An administrator signed you out"). No CHECK: a reason
-- the code does not know reads as the plain "This session has ended", and sessions ended before this
-- migration have none.
ALTER TABLE user_sessions ADD COLUMN end_reason text;

-- How a person came to be a user: 'console' (created with a password, by an administrator or a tool),
-- 'invitation' (created without one and mailed an invitation), 'sso' (created at their first sign-in
-- through the organization's identity provider), 'scim' (provisioned by the organization's directory).
ALTER TABLE users ADD COLUMN provenance text NOT NULL DEFAULT 'console'
  CHECK (provenance IN ('console', 'invitation', 'sso', 'scim'));

-- When a sign-in last completed (every factor proven), as the 'sign-in' audit event records it.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

-- Existing people, from the audit trail: a user's creation is recorded in the transaction that
-- inserted the row, so its event has the row's created_at (the transaction's now()); the actor's kind
-- tells a connection (SSO) and a directory (SCIM) apart from an administrator, and the event's action
-- an invitation from a create with a password.
UPDATE users u SET provenance = CASE
    WHEN created.actor_kind = 'connection' THEN 'sso'
    WHEN created.actor_kind = 'directory' THEN 'scim'
    WHEN created.action = 'invitation.send' THEN 'invitation'
    ELSE 'console'
  END
  FROM (
    SELECT DISTINCT ON (target_id) target_id, action, actor_kind, occurred_at
      FROM audit_events
     WHERE target_type = 'user' AND action IN ('user.create', 'invitation.send')
     ORDER BY target_id, occurred_at DESC, id DESC
  ) created
 WHERE created.target_id = u.email AND created.occurred_at = u.created_at;

-- People the trail does not name as created (seeded): mailed an invitation, or known to the identity
-- provider, else created with a password.
UPDATE users u SET provenance = CASE
    WHEN EXISTS (SELECT 1 FROM password_tokens t WHERE t.email = u.email AND t.purpose = 'invitation') THEN 'invitation'
    WHEN u.sso_subject IS NOT NULL AND u.password_hash IS NULL THEN 'sso'
    ELSE 'console'
  END
 WHERE NOT EXISTS (
   SELECT 1 FROM audit_events e
    WHERE e.target_type = 'user' AND e.target_id = u.email AND e.action IN ('user.create', 'invitation.send')
      AND e.occurred_at = u.created_at
 );

UPDATE users u SET last_sign_in_at = signed.last
  FROM (
    SELECT target_id, max(occurred_at) AS last FROM audit_events
     WHERE action = 'sign-in' AND target_type = 'user' GROUP BY target_id
  ) signed
 WHERE signed.target_id = u.email AND signed.last >= u.created_at;

-- Sorting by last sign-in, like by role or creation, has no index of its own: an index led by
-- organization_id was taken by the planner for plain lookups of an organization's users (its email
-- lookups, SCIM's `userName eq`), and a page of one organization's users sorts in memory anyway.

-- A sign-in's second step shows a first factor's recovery codes once, then waits at 'codes' until the
-- person says they saved them ("I have saved these codes", checked by the server): only then 'done'.
ALTER TABLE mfa_pending DROP CONSTRAINT mfa_pending_stage_check;
ALTER TABLE mfa_pending ADD CONSTRAINT mfa_pending_stage_check
  CHECK (stage IN ('verify', 'enroll', 'enrolled', 'codes', 'done'));
