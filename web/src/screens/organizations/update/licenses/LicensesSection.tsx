import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { useUnsavedChangesPrompt } from '../../../../components/useUnsavedChangesPrompt.js';
import { useMemo, useState, type FormEvent } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { useEdits } from '../../../../components/useEdits.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import { LicenseFields, licenseSourceOf } from './LicenseFields.js';
import { licenseValuesOf, toLicensesInput, validateLicenses, type LicenseField } from './licenses-form.js';
import { useLicensableProducts } from './useLicensableProducts.js';
import { useUpdateLicenses } from './useUpdateLicenses.js';

export const LicensesSection_organization = graphql(`
  fragment LicensesSection_organization on Organization {
    id
    name
    licenses {
      ...LicenseFields_licenses
    }
  }
`);

export interface LicensesSectionProps {
  organization: FragmentType<typeof LicensesSection_organization>;
  readOnlyReason: string | null;
}

/** User limit, Tableau seats and licensed products against their use; only changes are sent. */
export function LicensesSection({ organization, readOnlyReason }: LicensesSectionProps) {
  const org = getFragmentData(LicensesSection_organization, organization);
  const source = licenseSourceOf(org.licenses);
  const toasts = useToasts();
  const catalog = useLicensableProducts();
  const saved = useMemo(() => licenseValuesOf(source), [source]);
  const { values, edit, clear } = useEdits(saved);
  const [formError, setFormError] = useState<string | null>(null);
  const [update, { loading }] = useUpdateLicenses();
  const fields = useFieldErrors<LicenseField>(() => validateLicenses(values));
  const input = toLicensesInput(values, saved, catalog.dependencies);
  const readOnly = readOnlyReason !== null;
  const leavePrompt = useUnsavedChangesPrompt(!readOnly && input !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!input || !fields.trySubmit()) return;
    const outcome = await update(org.id, input);
    if (outcome.ok) {
      clear();
      fields.reset();
      toasts.show({ type: 'success', message: `Licenses of ${org.name} saved.` });
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    // Said once, in the form: beside its field, or above the buttons (not again in a toast).
    setFormError(outcome.formError);
  };

  return (
    <form
      className="meridian-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="licenses-heading"
    >
      {leavePrompt}
      <H2 id="licenses-heading" className="meridian-section-heading">
        Licenses
      </H2>
      {catalog.error !== undefined && catalog.products.length === 0 && (
        <Callout intent={Intent.WARNING} compact>
          The product catalog could not be loaded, so the licensed products cannot be shown.
        </Callout>
      )}
      <LicenseFields
        values={values}
        onChange={(field, patch) => {
          edit(patch);
          fields.changed(field);
        }}
        onBlur={fields.touch}
        source={source}
        catalog={catalog}
        errorOf={fields.errorOf}
        disabled={readOnly}
      />
      {formError && (
        <Callout intent={Intent.DANGER} role="alert" title="The licenses were not saved">
          {formError}
        </Callout>
      )}
      {!readOnly && (
        <div className="meridian-form-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} disabled={loading || input === null}>
            Save licenses
          </Button>
          <Button
            variant="minimal"
            disabled={loading || input === null}
            onClick={() => {
              clear();
              fields.reset();
              setFormError(null);
            }}
          >
            Discard changes
          </Button>
        </div>
      )}
    </form>
  );
}
