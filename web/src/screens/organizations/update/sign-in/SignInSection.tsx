import { Button, Callout, Classes, FormGroup, H2, H3, HTMLSelect, Intent, RadioGroup, Switch } from '@blueprintjs/core';
import { roleFromEnum, roleLabel } from '@meridian/schema';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { focusFirstError } from '../../../../components/focus-first-error.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { useRuntimeConfig } from '../../../../config/runtime.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { OrganizationSsoInput } from '../../../../gql/graphql.js';
import { formatDate } from '../../../../lib/dates.js';
import { SectionFormFooter } from '../SectionFormFooter.js';
import { useSectionForm } from '../useSectionForm.js';
import { ConnectionFields } from './ConnectionFields.js';
import { IdentityProviderNeeds } from './IdentityProviderNeeds.js';
import { SsoTestSignInButton } from './SsoTestSignIn.js';
import { SsoTestSignInResult } from './SsoTestSignInResult.js';
import { TrustIdpMfaField } from './TrustIdpMfaField.js';
import { saveConsequencesOf } from './save-consequences.js';
import { SaveConfirmation } from './SaveConfirmation.js';
import { SecondFactorSetting } from './SecondFactorSetting.js';
import { SignInImpactDocument } from './sign-in-impact-query.js';
import {
  CONNECTION_ROLES,
  signInValuesOf,
  toConnectionInput,
  toSetInput,
  validateSignIn,
  type ConnectionRole,
  type SignInField,
  type SignInValues,
} from './sign-in-form.js';
import { useRemoveOrganizationSso } from './useRemoveOrganizationSso.js';
import { useSetOrganizationSso } from './useSetOrganizationSso.js';
import { useTestOrganizationSso, type ConnectionTest } from './useTestOrganizationSso.js';

export const SignInSection_organization = graphql(`
  fragment SignInSection_organization on Organization {
    id
    name
    domain
    ...SecondFactorSetting_organization
    sso {
      protocol
      ssoOnly
      defaultRole
      trustIdpMfa
      adminEmergencyAccess
      issuer
      clientId
      hasClientSecret
      redirectUri
      idpEntityId
      idpSsoUrl
      idpMetadataUrl
      spEntityId
      acsUrl
      spMetadataUrl
      updatedAt
    }
    ssoServiceProvider {
      redirectUri
      entityId
      acsUrl
      metadataUrl
    }
  }
`);

export interface SignInSectionProps {
  organization: FragmentType<typeof SignInSection_organization>;
  /** Why the connection may not be changed (setOrganizationSso's permission); null when it may. */
  readOnlyReason: string | null;
  /** Whether the Org Admins' emergency access may be changed (setSsoAdminEmergencyAccess: operators). */
  mayChangeEmergencyAccess: boolean;
  /** Why "Require a second factor" may not be changed (updateOrganization's permission); null when it may. */
  secondFactorReadOnlyReason: string | null;
}

/** What turning on "Only single sign-on" means, beside its switch. */
export const SSO_ONLY_HELP =
  'Password sign-in and password reset are off for this organization’s users; operators keep their passwords, and Org Admins keep theirs with a second factor as emergency access unless an operator turns that off.';

/** The Org Admins' emergency access, beside its switch: for those who may change it, and for everyone else. */
export const EMERGENCY_ACCESS_HELP =
  'When the identity provider fails, Org Admins sign in with their password and a second factor (“Administrator emergency access” on the sign-in page). Off, nobody of the organization signs in without the identity provider.';
export const EMERGENCY_ACCESS_OPERATORS_ONLY =
  'Only an operator changes whether Org Admins keep this emergency way in.';

const PROTOCOL_OPTIONS = [
  { value: 'OIDC', label: 'OpenID Connect (Entra ID, Okta, Ping…)' },
  { value: 'SAML', label: 'SAML 2.0 (ADFS, Entra ID, Okta…)' },
];

/**
 * How the organization's people sign in: whether a second factor is required, and single sign-on
 * through their own identity provider (OpenID Connect or SAML 2.0), found by their email's domain.
 * Operators and the organization's Org Admins test a connection before saving it, save it (the whole
 * connection: a client secret left blank stays as stored) and remove it; what the customer's IT enters on
 * their side shows for the protocol being edited, saved or not. A save that can keep people out (single
 * sign-on only, the Org Admins' emergency access taken away, a live connection switching protocol) or let
 * too many in (new people as Org Admins) asks first, with the platform's counts (issue 39). Read-only,
 * the same values show.
 */
export function SignInSection({
  organization,
  readOnlyReason,
  mayChangeEmergencyAccess,
  secondFactorReadOnlyReason,
}: SignInSectionProps) {
  const org = getFragmentData(SignInSection_organization, organization);
  const sso = org.sso ?? null;
  const { productName } = useRuntimeConfig();
  const toasts = useToasts();
  const ids = useId();
  const saved = useMemo(() => signInValuesOf(sso), [sso]);
  const context = { hasClientSecret: sso?.protocol === 'OIDC' && sso.hasClientSecret };
  const readOnly = readOnlyReason !== null;
  const [save, saving] = useSetOrganizationSso();
  const [runTest, testing] = useTestOrganizationSso();
  const [remove, removing] = useRemoveOrganizationSso();
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const impact = useFreshQuery(SignInImpactDocument, { variables: { id: org.id } });
  const counts = impact.data?.organization?.signInImpact ?? null;
  const savedFacts = sso ? saved : null;
  // The confirmations say the counts as they are now, not as they were when the tab opened.
  const recount = () => void impact.refetch().catch(() => undefined);
  const form = useSectionForm<SignInField, SignInValues, OrganizationSsoInput>({
    saved,
    validate: (current) => validateSignIn(current, context),
    toInput: (current) => toSetInput(current, saved),
    save: (input) => save(org.id, input),
    savedMessage: () => `Single sign-on of ${org.name} saved.`,
    readOnly,
    needsConfirmation: (current) => saveConsequencesOf(current, savedFacts).length > 0,
    onAskConfirmation: recount,
  });
  const { values, fields } = form;

  // A refused test brings the first field it names into view, as a refused save does.
  const formRef = useRef<HTMLFormElement>(null);
  const [testRefusals, setTestRefusals] = useState(0);
  useEffect(() => {
    if (testRefusals > 0 && formRef.current) focusFirstError(formRef.current);
  }, [testRefusals]);

  /** A field changed: an earlier test said nothing about the new values. */
  const change = (field: SignInField, patch: Partial<SignInValues>) => {
    setTest(null);
    form.change(field, patch);
  };

  const testConnection = async (event: MouseEvent) => {
    event.preventDefault();
    setTest(null);
    // A test reads only the discovery document or the metadata: it needs no client secret.
    const problems = Object.keys(validateSignIn(values, context, { requireSecret: false })) as SignInField[];
    if (problems.length > 0) {
      problems.forEach(fields.touch);
      setTestRefusals((count) => count + 1);
      return;
    }
    const outcome = await runTest(org.id, toConnectionInput(values));
    if (outcome.ok) {
      setTest(outcome.value);
      return;
    }
    // What the gateway names goes beside its field; anything else is the test's answer.
    fields.setServerErrors(outcome.fieldErrors);
    if (outcome.formError) setTest({ ok: false, message: outcome.formError });
    setTestRefusals((count) => count + 1);
  };

  const confirmRemove = async () => {
    const outcome = await remove(org.id);
    setConfirmingRemove(false);
    if (!outcome.ok) {
      toasts.show({ type: 'error', message: failureMessage(outcome) });
      return;
    }
    // The form now stands over no connection: what was typed for the removed one goes too.
    form.discard();
    setTest(null);
    toasts.show({ type: 'success', message: `Single sign-on of ${org.name} removed.` });
  };

  const fieldIntent = (field: SignInField) => (fields.errorOf(field) ? Intent.DANGER : Intent.NONE);
  const roleOptions = CONNECTION_ROLES.map((role) => ({
    value: role,
    label: roleLabel(roleFromEnum(role)!, productName),
  }));

  return (
    <section className="meridian-form" aria-labelledby={`${ids}-heading`}>
      <H2 id={`${ids}-heading`} className="meridian-section-heading">
        Sign-in
      </H2>
      <SecondFactorSetting
        organization={org}
        readOnlyReason={secondFactorReadOnlyReason}
        peopleWithoutSecondFactor={counts?.peopleWithoutSecondFactor ?? null}
        productName={productName}
        onAsk={recount}
      />
      <H3 id={`${ids}-sso-heading`}>Single sign-on</H3>
      <p className={Classes.TEXT_MUTED}>
        People with an email at one of the organization’s domains sign in through its own identity provider.{' '}
        {sso ? `Saved ${formatDate(sso.updatedAt)}.` : 'Until a connection is saved, they use passwords.'}
      </p>
      <SsoTestSignInResult organizationId={org.id} />
      {org.domain.length === 0 && (
        <Callout intent={Intent.WARNING} compact>
          The organization has no email domains: add them under General first, since single sign-on finds the
          organization by its people’s email domain.
        </Callout>
      )}
      <form
        ref={formRef}
        className="meridian-form"
        noValidate
        onSubmit={(event) => void form.submit(event)}
        aria-label="Single sign-on connection"
      >
        {form.leavePrompt}
        <RadioGroup
          label="Protocol"
          name={`${ids}-protocol`}
          selectedValue={values.protocol}
          onChange={(event) => change('protocol', { protocol: event.currentTarget.value === 'SAML' ? 'SAML' : 'OIDC' })}
          options={PROTOCOL_OPTIONS}
          disabled={readOnly}
        />
        <ConnectionFields
          values={values}
          change={change}
          fields={fields}
          hasClientSecret={context.hasClientSecret}
          savedFromXml={sso?.protocol === 'SAML' && saved.metadataSource === 'xml'}
          disabled={readOnly}
          idPrefix={ids}
        />
        {!readOnly && (
          <div>
            <Button variant="outlined" loading={testing.loading} onClick={(event) => void testConnection(event)}>
              Test connection
            </Button>
          </div>
        )}
        {test && (
          <Callout
            intent={test.ok ? Intent.SUCCESS : Intent.DANGER}
            role="status"
            title={test.ok ? 'The connection works' : 'The connection does not work yet'}
          >
            {test.message}
          </Callout>
        )}
        <FormGroup
          intent={fieldIntent('ssoOnly')}
          helperText={<span id={`${ids}-sso-only-help`}>{fields.errorOf('ssoOnly') ?? SSO_ONLY_HELP}</span>}
        >
          <Switch
            label="Only single sign-on"
            checked={values.ssoOnly}
            onChange={(event) => change('ssoOnly', { ssoOnly: event.currentTarget.checked })}
            disabled={readOnly}
            aria-describedby={`${ids}-sso-only-help`}
            aria-invalid={fields.errorOf('ssoOnly') ? true : undefined}
          />
        </FormGroup>
        {values.ssoOnly && (
          <FormGroup
            className="meridian-nested-setting"
            intent={fieldIntent('adminEmergencyAccess')}
            helperText={
              <span id={`${ids}-emergency-help`}>
                {fields.errorOf('adminEmergencyAccess') ??
                  (mayChangeEmergencyAccess || readOnly
                    ? EMERGENCY_ACCESS_HELP
                    : `${EMERGENCY_ACCESS_HELP} ${EMERGENCY_ACCESS_OPERATORS_ONLY}`)}
              </span>
            }
          >
            <Switch
              label="Org Admins may also sign in with password and second factor (emergency access)"
              checked={values.adminEmergencyAccess}
              onChange={(event) =>
                change('adminEmergencyAccess', { adminEmergencyAccess: event.currentTarget.checked })
              }
              disabled={readOnly || !mayChangeEmergencyAccess}
              aria-describedby={`${ids}-emergency-help`}
            />
          </FormGroup>
        )}
        <FormGroup
          label="Default role"
          labelFor={`${ids}-default-role`}
          intent={fieldIntent('defaultRole')}
          helperText={fields.errorOf('defaultRole') ?? 'The role of people created at their first sign-in.'}
        >
          <HTMLSelect
            id={`${ids}-default-role`}
            value={values.defaultRole}
            options={roleOptions}
            onChange={(event) => {
              const role = CONNECTION_ROLES.find((each) => each === event.currentTarget.value);
              if (role) change('defaultRole', { defaultRole: role satisfies ConnectionRole });
            }}
            disabled={readOnly}
            aria-invalid={fields.errorOf('defaultRole') ? true : undefined}
          />
        </FormGroup>
        <TrustIdpMfaField
          checked={values.trustIdpMfa}
          onChange={(checked) => change('trustIdpMfa', { trustIdpMfa: checked })}
          disabled={readOnly}
          error={fields.errorOf('trustIdpMfa') ?? undefined}
          idPrefix={ids}
        />
        <SectionFormFooter
          formError={form.formError}
          refusedTitle="Single sign-on was not saved"
          saveLabel="Save"
          readOnly={readOnly}
          loading={saving.loading}
          unchanged={form.unchanged}
          onDiscard={() => {
            setTest(null);
            form.discard();
          }}
        />
      </form>
      {sso && !readOnly && <SsoTestSignInButton organizationId={org.id} unsaved={!form.unchanged} />}
      {org.ssoServiceProvider && (
        <IdentityProviderNeeds
          protocol={values.protocol}
          serviceProvider={org.ssoServiceProvider}
          savedSaml={sso?.protocol === 'SAML' ? sso : null}
        />
      )}
      {sso && !readOnly && (
        <div>
          <Button intent={Intent.DANGER} variant="outlined" onClick={() => setConfirmingRemove(true)}>
            Remove single sign-on
          </Button>
        </div>
      )}
      <SaveConfirmation
        isOpen={form.confirming}
        consequences={saveConsequencesOf(values, savedFacts)}
        counts={counts}
        organizationName={org.name}
        productName={productName}
        loading={saving.loading}
        onConfirm={() => void form.confirmSave()}
        onCancel={form.cancelSave}
      />
      <ConfirmDialog
        isOpen={confirmingRemove}
        title="Remove single sign-on?"
        confirmLabel="Remove single sign-on"
        loading={removing.loading}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirmingRemove(false)}
      >
        <p>
          The people of {org.name} sign in with {productName} passwords again. Anyone created at their first single
          sign-on has no password yet and sets one through password reset on the sign-in page.
        </p>
      </ConfirmDialog>
    </section>
  );
}
