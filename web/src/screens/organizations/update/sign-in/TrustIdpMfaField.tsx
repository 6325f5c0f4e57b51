import { Checkbox, FormGroup, Intent } from '@blueprintjs/core';

/** What trusting the provider's second factor means, beside its checkbox. */
export const TRUST_IDP_MFA_HELP =
  'When on, a second factor the person used at the identity provider (OIDC amr or acr, SAML authentication context) counts as this organization’s. When off, Meridian asks for its own second factor wherever one is required.';

export interface TrustIdpMfaFieldProps {
  /** Whether the provider's second factor counts. */
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  /** The gateway's message for the field, shown in place of the help. */
  error: string | undefined;
  /** Prefix of the element ids (useId of the section). */
  idPrefix: string;
}

/**
 * "Trust the identity provider's second factor" (issue 39): beside "Require a second factor", the
 * organization says whether its provider's word that a second factor was used counts as its own.
 */
export function TrustIdpMfaField({ checked, onChange, disabled, error, idPrefix }: TrustIdpMfaFieldProps) {
  const helpId = `${idPrefix}-trust-idp-mfa-help`;
  return (
    <FormGroup
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={<span id={helpId}>{error ?? TRUST_IDP_MFA_HELP}</span>}
    >
      <Checkbox
        label="Trust the identity provider’s second factor"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
        aria-describedby={helpId}
        aria-invalid={error ? true : undefined}
      />
    </FormGroup>
  );
}
