import { Callout, H2, Intent } from '@blueprintjs/core';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { useMemo } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { LicensesInput } from '../../../../gql/graphql.js';
import { SectionFormFooter } from '../SectionFormFooter.js';
import { useSectionForm } from '../useSectionForm.js';
import { LicenseFields, licenseSourceOf } from './LicenseFields.js';
import {
  licensesSaveWarnings,
  licenseValuesOf,
  toLicensesInput,
  validateLicenses,
  type LicenseField,
  type LicenseValues,
} from './licenses-form.js';
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

/**
 * User limit, Tableau seats and licensed products against their use; only changes are sent. A save
 * that lowers a limit below use, or gives more seats than the user limit lets anyone hold, first says
 * so with the figures in use and asks (issue 39).
 */
export function LicensesSection({ organization, readOnlyReason }: LicensesSectionProps) {
  const org = getFragmentData(LicensesSection_organization, organization);
  const source = licenseSourceOf(org.licenses);
  const catalog = useLicensableProducts();
  const saved = useMemo(() => licenseValuesOf(source), [source]);
  const [update, { loading }] = useUpdateLicenses();
  const readOnly = readOnlyReason !== null;
  const {
    values,
    change,
    fields,
    unchanged,
    formError,
    leavePrompt,
    submit,
    discard,
    confirming,
    confirmSave,
    cancelSave,
  } = useSectionForm<LicenseField, LicenseValues, LicensesInput>({
    saved,
    validate: validateLicenses,
    toInput: (current) => toLicensesInput(current, saved, catalog.dependencies),
    save: (changes) => update(org.id, changes),
    savedMessage: () => `Licenses of ${org.name} saved.`,
    readOnly,
    needsConfirmation: (current) => licensesSaveWarnings(current, saved, source).length > 0,
  });
  const warnings = confirming ? licensesSaveWarnings(values, saved, source) : [];

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
        onChange={change}
        onBlur={fields.touch}
        source={source}
        catalog={catalog}
        errorOf={fields.errorOf}
        disabled={readOnly}
      />
      <SectionFormFooter
        formError={formError}
        refusedTitle="The licenses were not saved"
        saveLabel="Save licenses"
        readOnly={readOnly}
        loading={loading}
        unchanged={unchanged}
        onDiscard={discard}
      />
      <ConfirmDialog
        isOpen={confirming}
        title="Save these licenses?"
        confirmLabel="Save anyway"
        intent={Intent.WARNING}
        loading={loading}
        onConfirm={() => void confirmSave()}
        onCancel={cancelSave}
      >
        <ul className="meridian-license-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </form>
  );
}
