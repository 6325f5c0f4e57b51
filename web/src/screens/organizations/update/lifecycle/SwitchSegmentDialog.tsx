import { Checkbox, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { FormDialog } from '../../../../components/FormDialog.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { CustomerSegmentSelect } from '../../create/CustomerSegmentSelect.js';
import { useCustomerSegments } from '../../shared/useCustomerSegments.js';
import { useFieldErrors } from '../../../../components/useFieldErrors.js';
import { LicenseFields, type licenseSourceOf } from '../licenses/LicenseFields.js';
import { licenseValuesOf, type LicenseField } from '../licenses/licenses-form.js';
import { useLicensableProducts } from '../licenses/useLicensableProducts.js';
import {
  toSwitchSegmentInput,
  validateSwitchSegment,
  type SwitchSegmentField,
  type SwitchSegmentValues,
} from './switch-segment-form.js';
import { useSwitchSegment } from './useSwitchSegment.js';

export interface SwitchSegmentDialogProps {
  isOpen: boolean;
  onClose: () => void;
  organization: {
    id: string;
    name: string;
    customerSegment: string;
    medicareLicensed: boolean;
    licenses: ReturnType<typeof licenseSourceOf>;
  };
}

/**
 * The segment switch: a new customer segment and Medicare licensing, and (switched on) new licenses.
 * The dialog is the confirmation; what was typed stays when the switch is refused.
 */
export function SwitchSegmentDialog({ isOpen, onClose, organization }: SwitchSegmentDialogProps) {
  const toasts = useToasts();
  const segments = useCustomerSegments();
  const catalog = useLicensableProducts();
  const [switchSegment, { loading }] = useSwitchSegment();
  const saved = {
    customerSegment: organization.customerSegment,
    medicareLicensed: organization.medicareLicensed,
    licenses: licenseValuesOf(organization.licenses),
  };
  // What was typed, over the organization as it is now: emptied after a switch or Cancel, the dialog
  // opens on the organization's current (perhaps just switched) segment.
  const [edited, setEdited] = useState<SwitchSegmentValues | null>(null);
  const values = edited ?? { ...saved, changeLicenses: false };
  const fields = useFieldErrors<SwitchSegmentField>(() => validateSwitchSegment(values, saved, catalog.dependencies));

  const change = (field: SwitchSegmentField, patch: Partial<SwitchSegmentValues>) => {
    setEdited({ ...values, ...patch });
    fields.changed(field);
    fields.changed('customerSegment');
  };

  const submit = async () => {
    // Never null here: the fields' check (validateSwitchSegment) refuses a switch that changes nothing.
    const input = toSwitchSegmentInput(values, saved, catalog.dependencies)!;
    const outcome = await switchSegment({ id: organization.id, input });
    if (outcome.ok) {
      toasts.show({
        type: 'success',
        message: `${organization.name} switched to ${segments.nameOf(values.customerSegment)}.`,
      });
      onClose();
    }
    return outcome;
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={`Switch the segment of ${organization.name}`}
      formLabel="Switch segment"
      submitLabel="Switch segment"
      refusalTitle="The segment was not switched"
      onRefused={(message) => toasts.show({ type: 'error', message })}
      fields={fields}
      onSubmit={submit}
      onReset={() => setEdited(null)}
      onClose={onClose}
      loading={loading}
    >
      <CustomerSegmentSelect
        label="New customer segment"
        value={values.customerSegment}
        onChange={(customerSegment) => change('customerSegment', { customerSegment })}
        segments={segments.segments}
        loading={segments.loading && segments.segments.length === 0}
        error={fields.errorOf('customerSegment')}
      />
      <Checkbox
        label="Medicare licensed"
        checked={values.medicareLicensed}
        onChange={(event) => change('medicareLicensed', { medicareLicensed: event.currentTarget.checked })}
      />
      <Switch
        role="switch"
        label="Also change the licenses"
        checked={values.changeLicenses}
        onChange={(event) => change('customerSegment', { changeLicenses: event.currentTarget.checked })}
      />
      {values.changeLicenses && (
        <LicenseFields
          values={values.licenses}
          onChange={(field, patch) => change(`licenses.${field}`, { licenses: { ...values.licenses, ...patch } })}
          onBlur={(field: LicenseField) => fields.touch(`licenses.${field}`)}
          source={organization.licenses}
          catalog={catalog}
          errorOf={(field) => fields.errorOf(`licenses.${field}`)}
          disabled={loading}
        />
      )}
    </FormDialog>
  );
}
