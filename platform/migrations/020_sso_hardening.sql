-- Issue 39 §4: single sign-on hardening.

-- Email domains compare case-insensitively (schema/src/email-domains.ts): stored trimmed and lower-case,
-- each once, in the order given. Organizations whose domains now equal, lie under or above another's
-- are not changed here (which one is right is an operator's call): the platform reports them at every
-- start, single sign-on refuses to route their emails, and a save must resolve them.
UPDATE organizations o
   SET domain = ARRAY(
         SELECT d FROM (
           SELECT lower(btrim(raw)) AS d, min(position) AS first
             FROM unnest(o.domain) WITH ORDINALITY AS given(raw, position)
            GROUP BY lower(btrim(raw))
         ) normalized
          ORDER BY first)
 WHERE EXISTS (SELECT 1 FROM unnest(o.domain) AS raw WHERE raw <> lower(btrim(raw)))
    OR cardinality(o.domain) <> (SELECT count(DISTINCT lower(btrim(raw))) FROM unnest(o.domain) AS raw);

-- A provider's amr/acr counts as the organization's second factor only when the organization trusts it.
-- Off for every connection, including those saved before: until now it counted whenever the provider said so.
ALTER TABLE organization_sso ADD COLUMN trust_idp_mfa boolean NOT NULL DEFAULT false;

-- Which provider a person's sso_subject belongs to (the OIDC issuer or the SAML entity id): a second subject
-- for the same email from that provider is refused; a connection to another provider links anew.
ALTER TABLE users ADD COLUMN sso_issuer text;
UPDATE users u
   SET sso_issuer = coalesce(s.oidc_issuer, s.saml_idp_entity_id)
  FROM organization_sso s
 WHERE u.sso_subject IS NOT NULL AND s.organization_id = u.organization_id;

-- A pending sign-in is either a person's (tied to a provider interaction) or an operator's test sign-in
-- (tied to the operator who started it, its result kept for them to read). The email typed at the first
-- step is kept so that a refusal by the provider is recorded against it.
ALTER TABLE sso_pending ALTER COLUMN interaction_uid DROP NOT NULL;
ALTER TABLE sso_pending ADD COLUMN purpose text NOT NULL DEFAULT 'sign-in' CHECK (purpose IN ('sign-in', 'test'));
ALTER TABLE sso_pending ADD COLUMN started_by text;
ALTER TABLE sso_pending ADD COLUMN email text;
ALTER TABLE sso_pending ADD COLUMN result jsonb;
ALTER TABLE sso_pending ADD CONSTRAINT sso_pending_owner_check
  CHECK ((purpose = 'sign-in' AND interaction_uid IS NOT NULL) OR (purpose = 'test' AND started_by IS NOT NULL));
