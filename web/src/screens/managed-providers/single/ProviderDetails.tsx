import { Card, H2 } from '@blueprintjs/core';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { formatPlace } from '../format.js';

export const ProviderDetailsProviderFragment = graphql(`
  fragment ProviderDetails_provider on Provider {
    npi
    name
    specialty
    city
    state
    zip
  }
`);

export interface ProviderDetailsProps {
  provider: FragmentType<typeof ProviderDetailsProviderFragment>;
  /** The link's current value and who changed it when, if there is one. */
  current?: { label: string; value: string; changed: string } | null;
}

/** The provider from the directory, as the one-provider screens show it. */
export function ProviderDetails({ provider: providerRef, current }: ProviderDetailsProps) {
  const provider = getFragmentData(ProviderDetailsProviderFragment, providerRef);
  return (
    <Card className="meridian-provider-card" role="region" aria-label="Provider">
      <H2>{provider.name}</H2>
      <dl className="meridian-provider-details">
        <dt>NPI</dt>
        <dd className="meridian-npi">{provider.npi}</dd>
        <dt>Specialty</dt>
        <dd>{provider.specialty}</dd>
        <dt>Place</dt>
        <dd>{formatPlace(provider)}</dd>
        {current && (
          <>
            <dt>{current.label}</dt>
            <dd>{current.value}</dd>
            <dt>Last changed</dt>
            <dd>{current.changed}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
