import { graphql } from '../../../../gql/index.js';
import { LICENSE_FIELDS } from '../licenses/licenses-form.js';
import { useLifecycleMove } from './useLifecycleMove.js';

const SwitchSegmentDocument = graphql(`
  mutation SwitchSegment($id: ID!, $input: SwitchSegmentInput!) {
    switchSegment(id: $id, input: $input) {
      organization {
        id
        ...OrganizationHeader_organization
        ...LifecycleSection_organization
        ...LicensesSection_organization
        ...ManagedProvidersSection_organization
      }
      inputErrors {
        field
        message
      }
    }
  }
`);

/** The switch dialog's fields as the gateway names them (after `input.`). */
export const SWITCH_SEGMENT_FIELDS = [
  'customerSegment',
  'medicareLicensed',
  ...LICENSE_FIELDS.map((field) => `licenses.${field}`),
] as const;

/** Switches an active organization's segment and Medicare licensing, optionally its licenses. */
export function useSwitchSegment() {
  return useLifecycleMove(SwitchSegmentDocument, (data) => data.switchSegment, {
    prefix: 'input',
    knownFields: SWITCH_SEGMENT_FIELDS,
  });
}
