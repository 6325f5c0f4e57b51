import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { useUnsavedChangesPrompt } from '../../../../components/useUnsavedChangesPrompt.js';
import { useMemo, useState, type FormEvent } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { CALLBACK_URL_RULES, DOMAIN_RULES } from '../../shared/list-fields.js';
import { StringListField } from '../../shared/StringListField.js';
import { TextField } from '../../../../components/TextField.js';
import { useEdits } from '../../../../components/useEdits.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import {
  generalValuesOf,
  NO_DOMAIN_WARNING,
  toUpdateOrganizationInput,
  validateGeneral,
  type GeneralField,
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

/** Name, domains, callback URLs, primary contact and BI portal settings; only changed fields are sent. */
export function GeneralSection({ organization, readOnlyReason }: GeneralSectionProps) {
  const org = getFragmentData(GeneralSection_organization, organization);
  const toasts = useToasts();
  const saved = useMemo(() => generalValuesOf(org), [org]);
  const { values, edit, clear } = useEdits(saved);
  const [formError, setFormError] = useState<string | null>(null);
  const [update, { loading }] = useUpdateOrganization();
  const fields = useFieldErrors<GeneralField>(() => validateGeneral(values, saved));
  const input = toUpdateOrganizationInput(values, saved);
  const readOnly = readOnlyReason !== null;
  const leavePrompt = useUnsavedChangesPrompt(!readOnly && input !== null);

  const change = (field: GeneralField, patch: Parameters<typeof edit>[0]) => {
    edit(patch);
    fields.changed(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!input || !fields.trySubmit()) return;
    const outcome = await update(org.id, input);
    if (outcome.ok) {
      clear();
      fields.reset();
      toasts.show({ type: 'success', message: `${values.name.trim()} saved.` });
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    // Said once, in the form: beside its field, or above the buttons (not again in a toast).
    setFormError(outcome.formError);
  };

  const discard = () => {
    clear();
    fields.reset();
    setFormError(null);
  };

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
        helperText="Sign-in callback URLs of the organization’s applications. Press Enter after each."
        values={values.callbackUrls}
        onChange={(callbackUrls) => change('callbackUrls', { callbackUrls })}
        rules={CALLBACK_URL_RULES}
        error={fields.errorOf('callbackUrls')}
        disabled={readOnly}
        placeholder="https://app.acme.org/callback"
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
          helperText="Where the home page’s Launch My Portal button takes the organization’s users."
          disabled={readOnly}
          placeholder="https://bi.acme.org"
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
      {formError && (
        <Callout intent={Intent.DANGER} role="alert" title="The changes were not saved">
          {formError}
        </Callout>
      )}
      {!readOnly && (
        <div className="meridian-form-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} disabled={loading || input === null}>
            Save changes
          </Button>
          <Button variant="minimal" disabled={loading || input === null} onClick={discard}>
            Discard changes
          </Button>
        </div>
      )}
    </form>
  );
}
