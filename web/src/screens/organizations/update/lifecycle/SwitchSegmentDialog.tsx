import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, Intent, Switch } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
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
  const [values, setValues] = useState<SwitchSegmentValues>({ ...saved, changeLicenses: false });
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors<SwitchSegmentField>(() => validateSwitchSegment(values, saved, catalog.dependencies));

  const change = (field: SwitchSegmentField, patch: Partial<SwitchSegmentValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    fields.changed(field);
    fields.changed('customerSegment');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = toSwitchSegmentInput(values, saved, catalog.dependencies);
    if (!fields.trySubmit(event) || !input) return;
    const outcome = await switchSegment({ id: organization.id, input });
    if (outcome.ok) {
      toasts.show({
        type: 'success',
        message: `${organization.name} switched to ${segments.nameOf(values.customerSegment)}.`,
      });
      onClose();
      return;
    }
    fields.setServerErrors(outcome.fieldErrors);
    if (outcome.formError) {
      setFormError(outcome.formError);
      toasts.show({ type: 'error', message: outcome.formError });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={loading ? undefined : onClose}
      title={`Switch the segment of ${organization.name}`}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Switch segment">
        <DialogBody>
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
          {formError && (
            <Callout intent={Intent.DANGER} role="alert" title="The segment was not switched">
              {formError}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button variant="minimal" onClick={onClose} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={loading}>
                Switch segment
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
