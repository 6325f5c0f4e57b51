-- Issue 40 §4: a person's job title (schema's USER_TEXT_FIELDS), typed in the console or sent by the
-- organization's directory (SCIM's title) or identity provider. Null: none.
ALTER TABLE users ADD COLUMN job_title text;

-- A directory's title was kept as it sent it, among the attributes without a column: it moves to the
-- column (trimmed, at most 128 characters as the field's rule allows), and is answered from there.
UPDATE users
SET job_title = nullif(left(btrim(scim_attributes->>'title'), 128), ''),
    scim_attributes = scim_attributes - 'title'
WHERE jsonb_typeof(scim_attributes->'title') = 'string';
