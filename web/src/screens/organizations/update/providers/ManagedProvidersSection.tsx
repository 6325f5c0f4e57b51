import { Callout, H2, Intent, NonIdealState } from '@blueprintjs/core';
import { LockIcon, PeopleIcon } from '@blueprintjs/icons';
import { MESSAGES } from '@meridian/schema';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { managedProvidersPath } from '../../../../routes/paths.js';
import { LinkButton } from '../../../../components/LinkButton.js';

export const ManagedProvidersSection_organization = graphql(`
  fragment ManagedProvidersSection_organization on Organization {
    id
    name
    features {
      key
      isLicensed
      isAvailable
    }
  }
`);

export const MANAGED_PROVIDERS_FEATURE = 'feature:managed-providers';

export interface ManagedProvidersSectionProps {
  organization: FragmentType<typeof ManagedProvidersSection_organization>;
}

/**
 * Where the organization's managed providers live: a link when its license includes the feature,
 * else the feature-unavailable message of decisions.md.
 */
export function ManagedProvidersSection({ organization }: ManagedProvidersSectionProps) {
  const org = getFragmentData(ManagedProvidersSection_organization, organization);
  const feature = org.features.find((entry) => entry.key === MANAGED_PROVIDERS_FEATURE);
  const path = managedProvidersPath(org.id);
  return (
    <section aria-labelledby="managed-providers-heading">
      <H2 id="managed-providers-heading" className="meridian-section-heading">
        Managed providers
      </H2>
      {!feature?.isLicensed ? (
        <NonIdealState icon={<LockIcon />} title="Not licensed" description={MESSAGES.featureUnavailable} />
      ) : (
        <>
          <p>Provider aliases and relationships of {org.name}, keyed by NPI.</p>
          {!feature.isAvailable && (
            <Callout intent={Intent.WARNING} compact>
              Licensed, but not yet released to this organization.
            </Callout>
          )}
          <LinkButton intent={Intent.PRIMARY} icon={<PeopleIcon />} to={path}>
            Open managed providers
          </LinkButton>
        </>
      )}
    </section>
  );
}
