import { Button, Callout, Checkbox, H1, Intent } from '@blueprintjs/core';
import { useUnsavedChangesPrompt } from '../../components/useUnsavedChangesPrompt.js';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToasts } from '../../components/toasts/useToasts.js';
import { usePageTitle } from '../../layout/page-title.js';
import { organizationUpdatePath, PATHS } from '../../routes/paths.js';
import {
  EMPTY_CREATE_FORM,
  suggestOrganizationId,
  toCreateOrganizationInput,
  validateCreateOrganization,
  type CreateOrganizationField,
  type CreateOrganizationForm,
} from './create/create-organization-form.js';
import { CustomerSegmentSelect } from './create/CustomerSegmentSelect.js';
import { useCreateOrganization } from './create/useCreateOrganization.js';
import { LinkButton } from '../../components/LinkButton.js';
import { DOMAIN_RULES } from './shared/list-fields.js';
import { StringListField } from './shared/StringListField.js';
import { TextField } from '../../components/TextField.js';
import { useCustomerSegments } from './shared/useCustomerSegments.js';
import { useFieldErrors } from '../../components/useFieldErrors.js';
import './organizations.css';

/**
 * /admin/org-management/create: a new organization (it starts Created, not active). Every field says
 * what is wrong beside it; the platform's refusals (an id already taken) are shown in its words; on
 * success the new organization's update page opens, where its lifecycle continues.
 */
export default function CreateOrganizationPage() {
  usePageTitle('Create Organization');
  const navigate = useNavigate();
  const toasts = useToasts();
  const segments = useCustomerSegments();
  const [create, { loading }] = useCreateOrganization();
  const [form, setForm] = useState<CreateOrganizationForm>(EMPTY_CREATE_FORM);
  // The id follows the name until the user types an id of their own.
  const [idEdited, setIdEdited] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const leavePrompt = useUnsavedChangesPrompt(JSON.stringify(form) !== JSON.stringify(EMPTY_CREATE_FORM));
  const fields = useFieldErrors<CreateOrganizationField>(() => validateCreateOrganization(form));

  const edit = (field: CreateOrganizationField, patch: Partial<CreateOrganizationForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    fields.changed(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!fields.trySubmit(event)) return;
    const outcome = await create(toCreateOrganizationInput(form));
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `Organization ${outcome.value.name} created.` });
      void navigate(organizationUpdatePath(outcome.value.id));
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    // Said once, in the form: beside its field, or above the buttons (not again in a toast).
    if (outcome.formError) {
      setFormError(outcome.formError);
    }
  };

  return (
    <div className="meridian-page">
      {leavePrompt}
      <header className="meridian-page-header">
        <H1>Create organization</H1>
        <LinkButton variant="minimal" icon={<ArrowLeftIcon />} to={PATHS.organizations}>
          Back to Organizations
        </LinkButton>
      </header>
      <form
        className="meridian-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Create organization"
      >
        <TextField
          label="Name"
          value={form.name}
          onChange={(name) => {
            edit('name', idEdited ? { name } : { name, id: suggestOrganizationId(name) });
            if (!idEdited) fields.changed('id');
          }}
          onBlur={() => fields.touch('name')}
          error={fields.errorOf('name')}
          autoComplete="organization"
        />
        <TextField
          label="Organization ID"
          value={form.id}
          onChange={(id) => {
            setIdEdited(true);
            edit('id', { id });
          }}
          onBlur={() => fields.touch('id')}
          error={fields.errorOf('id')}
          helperText="3 to 40 lowercase letters, digits and hyphens. It appears in URLs and never changes."
        />
        <StringListField
          label="Domains"
          helperText="The organization’s email domains, like acme.org. Press Enter after each."
          values={form.domains}
          onChange={(domains) => {
            edit('domain', { domains });
            fields.touch('domain');
          }}
          rules={DOMAIN_RULES}
          error={fields.errorOf('domain')}
          placeholder="Type a domain and press Enter"
        />
        <fieldset>
          <legend>Primary contact</legend>
          <div className="meridian-form-row">
            <TextField
              label="Contact name"
              value={form.contactName}
              onChange={(contactName) => edit('primaryContact.name', { contactName })}
              onBlur={() => fields.touch('primaryContact.name')}
              error={fields.errorOf('primaryContact.name')}
              autoComplete="off"
            />
            <TextField
              label="Contact email"
              type="email"
              value={form.contactEmail}
              onChange={(contactEmail) => edit('primaryContact.email', { contactEmail })}
              onBlur={() => fields.touch('primaryContact.email')}
              error={fields.errorOf('primaryContact.email')}
              autoComplete="off"
            />
          </div>
        </fieldset>
        <CustomerSegmentSelect
          value={form.customerSegment}
          onChange={(customerSegment) => {
            edit('customerSegment', { customerSegment });
            fields.touch('customerSegment');
          }}
          onBlur={() => fields.touch('customerSegment')}
          segments={segments.segments}
          loading={segments.loading && segments.segments.length === 0}
          error={fields.errorOf('customerSegment')}
        />
        <Checkbox
          label="Medicare licensed"
          checked={form.medicareLicensed}
          aria-invalid={fields.errorOf('medicareLicensed') ? true : undefined}
          onChange={(event) => edit('medicareLicensed', { medicareLicensed: event.currentTarget.checked })}
        />
        {fields.errorOf('medicareLicensed') && (
          <Callout intent={Intent.DANGER} compact>
            {fields.errorOf('medicareLicensed')}
          </Callout>
        )}
        {formError && (
          <Callout intent={Intent.DANGER} role="alert" title="The organization was not created">
            {formError}
          </Callout>
        )}
        <div className="meridian-form-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} disabled={loading}>
            Create organization
          </Button>
          <Button variant="minimal" disabled={loading} onClick={() => void navigate(PATHS.organizations)}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
