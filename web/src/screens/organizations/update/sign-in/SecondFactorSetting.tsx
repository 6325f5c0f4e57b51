import { FormGroup, H3, Intent, Switch } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { UpdateOrganizationInput } from '../../../../gql/graphql.js';
import { useUpdateOrganization } from '../general/useUpdateOrganization.js';
import { SectionFormFooter } from '../SectionFormFooter.js';
import { useSectionForm } from '../useSectionForm.js';
import { peopleCount } from './SaveConfirmation.js';

export const SecondFactorSetting_organization = graphql(`
  fragment SecondFactorSetting_organization on Organization {
    id
    name
    requireMfa
  }
`);

export interface SecondFactorSettingProps {
  organization: FragmentType<typeof SecondFactorSetting_organization>;
  /** Why it may not be changed (updateOrganization's permission); null when it may. */
  readOnlyReason: string | null;
  /** Active people without a second factor, counted by the platform; null while it counts. */
  peopleWithoutSecondFactor: number | null;
  productName: string;
  /** The confirmation opens: the counts it says are asked for again. */
  onAsk?: () => void;
}

/** What requiring a second factor means for the organization's people, beside its switch. */
export const REQUIRE_MFA_HELP =
  'Every user of this organization signs in with an authenticator app or a passkey; those without one enroll at their next sign-in.';

type Field = 'requireMfa';
interface Values {
  requireMfa: boolean;
}
const FIELDS = ['requireMfa'] as const;

/** "12 people have no second factor yet.", or nothing while the platform counts. */
export const withoutFactorSentence = (count: number | null) =>
  count === null ? '' : `${peopleCount(count)} ${count === 1 ? 'has' : 'have'} no second factor yet.`;

/**
 * "Require a second factor" on the Sign-in tab, beside single sign-on (issue 39; it was on the General
 * tab): its switch with how many people have none yet, and its own Save (updateOrganization with
 * requireMfa, the operators' permission). Turning it on asks first, saying how many people will have to
 * set one up at their next sign-in.
 */
export function SecondFactorSetting({
  organization,
  readOnlyReason,
  peopleWithoutSecondFactor,
  productName,
  onAsk,
}: SecondFactorSettingProps) {
  const org = getFragmentData(SecondFactorSetting_organization, organization);
  const ids = useId();
  const saved = useMemo(() => ({ requireMfa: org.requireMfa }), [org.requireMfa]);
  const [update, { loading }] = useUpdateOrganization(FIELDS);
  const readOnly = readOnlyReason !== null;
  const form = useSectionForm<Field, Values, UpdateOrganizationInput>({
    saved,
    validate: () => ({}),
    toInput: (current) => (current.requireMfa === saved.requireMfa ? null : { requireMfa: current.requireMfa }),
    save: (input) => update(org.id, input),
    savedMessage: (current) =>
      current.requireMfa
        ? `${org.name} now requires a second factor.`
        : `${org.name} no longer requires a second factor.`,
    readOnly,
    needsConfirmation: (current) => current.requireMfa && !saved.requireMfa,
    onAskConfirmation: onAsk,
  });
  const helpId = `${ids}-require-mfa-help`;
  const error = form.fields.errorOf('requireMfa');
  const count = withoutFactorSentence(peopleWithoutSecondFactor);
  return (
    <form
      className="meridian-form"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      aria-labelledby={`${ids}-heading`}
    >
      {form.leavePrompt}
      <H3 id={`${ids}-heading`}>Second factor</H3>
      <FormGroup
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={<span id={helpId}>{error ?? (count ? `${REQUIRE_MFA_HELP} ${count}` : REQUIRE_MFA_HELP)}</span>}
      >
        <Switch
          label="Require a second factor"
          checked={form.values.requireMfa}
          onChange={(event) => form.change('requireMfa', { requireMfa: event.currentTarget.checked })}
          disabled={readOnly}
          aria-describedby={helpId}
          aria-invalid={error ? true : undefined}
        />
      </FormGroup>
      <SectionFormFooter
        formError={form.formError}
        refusedTitle="The second factor setting was not saved"
        saveLabel="Save second factor"
        readOnly={readOnly}
        loading={loading}
        unchanged={form.unchanged}
        onDiscard={form.discard}
      />
      <ConfirmDialog
        isOpen={form.confirming}
        title="Require a second factor?"
        confirmLabel="Require a second factor"
        intent={Intent.WARNING}
        loading={loading}
        onConfirm={() => void form.confirmSave()}
        onCancel={form.cancelSave}
      >
        <p>
          {peopleWithoutSecondFactor === null
            ? 'Counting the people it concerns…'
            : `${peopleCount(peopleWithoutSecondFactor)} of ${org.name} ${peopleWithoutSecondFactor === 1 ? 'has' : 'have'} no second factor yet and will have to set one up (an authenticator app or a passkey) at their next sign-in, before they reach ${productName}.`}
        </p>
      </ConfirmDialog>
    </form>
  );
}
