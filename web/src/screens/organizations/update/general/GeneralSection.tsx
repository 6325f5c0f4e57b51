import { H2 } from '@blueprintjs/core';
import { useMemo } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { UpdateOrganizationInput } from '../../../../gql/graphql.js';
import { TextField } from '../../../../components/TextField.js';
import { CALLBACK_URL_RULES, DOMAIN_RULES } from '../../shared/list-fields.js';
import { StringListField } from '../../shared/StringListField.js';
import { SectionFormFooter } from '../SectionFormFooter.js';
import { useSectionForm } from '../useSectionForm.js';
import {
  generalValuesOf,
  NO_DOMAIN_WARNING,
  toUpdateOrganizationInput,
  validateGeneral,
  type GeneralField,
  type GeneralValues,
} from './general-form.js';
import { UsStateMultiSelect } from './UsStateMultiSelect.js';
import { useUpdateOrganization } from './useUpdateOrganization.js';

export const GeneralSection_organization = graphql(`
  fragment GeneralSection_organization on Organization {
    id
    name
    domain
    callbackUrls
    primaryContact {
      name
      email
    }
    biPortalUrl
    biPortal {
      defaultStates
    }
  }
`);

export interface GeneralSectionProps {
  organization: FragmentType<typeof GeneralSection_organization>;
  /** Why the form is read-only; null when the user may change the organization. */
  readOnlyReason: string | null;
}

/**
 * Name, domains, callback URLs, primary contact and BI portal settings; only changed fields are sent.
 * Read-only (an Org Admin on their own organization) it shows the same values. Whether a second factor
 * is required is on the Sign-in tab, beside single sign-on (issue 39).
 */
export function GeneralSection({ organization, readOnlyReason }: GeneralSectionProps) {
  const org = getFragmentData(GeneralSection_organization, organization);
  const saved = useMemo(() => generalValuesOf(org), [org]);
  const [update, { loading }] = useUpdateOrganization();
  const readOnly = readOnlyReason !== null;
  const { values, change, fields, unchanged, formError, leavePrompt, submit, discard } = useSectionForm<
    GeneralField,
    GeneralValues,
    UpdateOrganizationInput
  >({
    saved,
    validate: (current) => validateGeneral(current, saved),
    toInput: (current) => toUpdateOrganizationInput(current, saved),
    save: (changes) => update(org.id, changes),
    savedMessage: (current) => `${current.name.trim()} saved.`,
    readOnly,
  });

  return (
    <form
      className="meridian-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="general-heading"
    >
      {leavePrompt}
      <H2 id="general-heading" className="meridian-section-heading">
        General
      </H2>
      <TextField
        label="Name"
        value={values.name}
        onChange={(name) => change('name', { name })}
        onBlur={() => fields.touch('name')}
        error={fields.errorOf('name')}
        disabled={readOnly}
      />
      <StringListField
        label="Domains"
        helperText={
          values.domains.length === 0 ? NO_DOMAIN_WARNING : 'Email domains, like acme.org. Press Enter after each.'
        }
        values={values.domains}
        onChange={(domains) => change('domain', { domains })}
        rules={DOMAIN_RULES}
        error={fields.errorOf('domain')}
        disabled={readOnly}
      />
      <StringListField
        label="Callback URLs"
        helperText="Sign-in callback URLs of the organization’s applications, like https://app.acme.org/callback. Press Enter after each."
        values={values.callbackUrls}
        onChange={(callbackUrls) => change('callbackUrls', { callbackUrls })}
        rules={CALLBACK_URL_RULES}
        error={fields.errorOf('callbackUrls')}
        disabled={readOnly}
        placeholder="Type a URL and press Enter"
      />
      <fieldset>
        <legend>Primary contact</legend>
        <div className="meridian-form-row">
          <TextField
            label="Contact name"
            value={values.contactName}
            onChange={(contactName) => change('primaryContact.name', { contactName })}
            onBlur={() => fields.touch('primaryContact.name')}
            error={fields.errorOf('primaryContact.name')}
            disabled={readOnly}
            autoComplete="off"
          />
          <TextField
            label="Contact email"
            type="email"
            value={values.contactEmail}
            onChange={(contactEmail) => change('primaryContact.email', { contactEmail })}
            onBlur={() => fields.touch('primaryContact.email')}
            error={fields.errorOf('primaryContact.email')}
            disabled={readOnly}
            autoComplete="off"
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>BI portal</legend>
        <TextField
          label="BI portal URL"
          optional
          type="url"
          value={values.biPortalUrl}
          onChange={(biPortalUrl) => change('biPortalUrl', { biPortalUrl })}
          onBlur={() => fields.touch('biPortalUrl')}
          error={fields.errorOf('biPortalUrl')}
          helperText="Where the home page’s Launch My Portal button takes the organization’s users, like https://bi.acme.org."
          disabled={readOnly}
        />
        <UsStateMultiSelect
          label="Default states"
          values={values.defaultStates}
          onChange={(defaultStates) => change('biPortalDefaultStates', { defaultStates })}
          helperText="The states the portal’s dashboards open on."
          error={fields.errorOf('biPortalDefaultStates')}
          disabled={readOnly}
        />
      </fieldset>
      <SectionFormFooter
        formError={formError}
        refusedTitle="The changes were not saved"
        saveLabel="Save changes"
        readOnly={readOnly}
        loading={loading}
        unchanged={unchanged}
        onDiscard={discard}
      />
    </form>
  );
}
