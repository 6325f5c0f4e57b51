import { Classes, FormGroup, Intent, RadioGroup, TextArea } from '@blueprintjs/core';
import { TextField } from '../../../../components/TextField.js';
import type { SignInField, SignInValues } from './sign-in-form.js';

export const SECRET_KEPT_PLACEHOLDER = 'Stored — leave blank to keep';

const METADATA_OPTIONS = [
  { value: 'url', label: 'From a URL' },
  { value: 'xml', label: 'Pasted XML' },
];

export interface ConnectionFieldsProps {
  values: SignInValues;
  /** A field changed, with the values it changes. */
  change: (field: SignInField, patch: Partial<SignInValues>) => void;
  /** The section form's field errors (its own checks and the gateway's words). */
  fields: { errorOf: (field: SignInField) => string | undefined; touch: (field: SignInField) => void };
  /** An OIDC client secret is stored: the field says it may stay blank. */
  hasClientSecret: boolean;
  /** The saved SAML connection's metadata was pasted: it is not read back, so it must be pasted again. */
  savedFromXml: boolean;
  disabled: boolean;
  /** Makes the ids of the fields' own elements unique on the page. */
  idPrefix: string;
}

/**
 * The protocol's own fields: the OpenID provider's issuer, client id and secret (written, never read
 * back), or the SAML identity provider's metadata, from a URL or pasted.
 */
export function ConnectionFields({
  values,
  change,
  fields,
  hasClientSecret,
  savedFromXml,
  disabled,
  idPrefix,
}: ConnectionFieldsProps) {
  const xmlIntent = fields.errorOf('metadataXml') ? Intent.DANGER : Intent.NONE;
  if (values.protocol === 'OIDC')
    return (
      <fieldset>
        <legend>OpenID provider</legend>
        <TextField
          label="Issuer"
          type="url"
          value={values.issuer}
          onChange={(issuer) => change('issuer', { issuer })}
          onBlur={() => fields.touch('issuer')}
          error={fields.errorOf('issuer')}
          helperText="Like https://login.microsoftonline.com/<tenant id>/v2.0: Meridian reads its discovery document."
          disabled={disabled}
          autoComplete="off"
        />
        <TextField
          label="Client id"
          value={values.clientId}
          onChange={(clientId) => change('clientId', { clientId })}
          onBlur={() => fields.touch('clientId')}
          error={fields.errorOf('clientId')}
          helperText="Meridian’s application (client) id at your provider."
          disabled={disabled}
          autoComplete="off"
        />
        <TextField
          label="Client secret"
          type="password"
          value={values.clientSecret}
          onChange={(clientSecret) => change('clientSecret', { clientSecret })}
          onBlur={() => fields.touch('clientSecret')}
          error={fields.errorOf('clientSecret')}
          placeholder={hasClientSecret ? SECRET_KEPT_PLACEHOLDER : undefined}
          helperText="Stored encrypted and never shown again."
          disabled={disabled}
          autoComplete="new-password"
        />
      </fieldset>
    );
  return (
    <fieldset>
      <legend>Identity provider metadata</legend>
      <RadioGroup
        label="Metadata"
        inline
        name={`${idPrefix}-metadata`}
        selectedValue={values.metadataSource}
        onChange={(event) =>
          change(event.currentTarget.value === 'xml' ? 'metadataXml' : 'metadataUrl', {
            metadataSource: event.currentTarget.value === 'xml' ? 'xml' : 'url',
          })
        }
        options={METADATA_OPTIONS}
        disabled={disabled}
      />
      {values.metadataSource === 'url' ? (
        <TextField
          label="Metadata URL"
          type="url"
          value={values.metadataUrl}
          onChange={(metadataUrl) => change('metadataUrl', { metadataUrl })}
          onBlur={() => fields.touch('metadataUrl')}
          error={fields.errorOf('metadataUrl')}
          helperText="Where your identity provider publishes its metadata (federation metadata); read when saved."
          disabled={disabled}
          autoComplete="off"
        />
      ) : (
        <FormGroup
          label="Metadata XML"
          labelFor={`${idPrefix}-metadata-xml`}
          intent={xmlIntent}
          helperText={
            <span id={`${idPrefix}-metadata-xml-help`}>
              {fields.errorOf('metadataXml') ??
                (savedFromXml
                  ? 'The metadata saved earlier is not shown: paste it again to save a change.'
                  : 'Your identity provider’s metadata document, as it exports it (one EntityDescriptor).')}
            </span>
          }
        >
          <TextArea
            id={`${idPrefix}-metadata-xml`}
            fill
            rows={6}
            className={Classes.MONOSPACE_TEXT}
            value={values.metadataXml}
            onChange={(event) => change('metadataXml', { metadataXml: event.currentTarget.value })}
            onBlur={() => fields.touch('metadataXml')}
            intent={xmlIntent}
            disabled={disabled}
            placeholder="<EntityDescriptor …>"
            aria-invalid={fields.errorOf('metadataXml') ? true : undefined}
            aria-describedby={`${idPrefix}-metadata-xml-help`}
          />
        </FormGroup>
      )}
    </fieldset>
  );
}
