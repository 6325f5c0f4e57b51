import { Classes, H1, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, PeopleIcon } from '@blueprintjs/icons';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { organizationCrumbs } from '../../../components/organization-crumbs.js';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { organizationUpdatePath, organizationUsersPath, PATHS } from '../../../routes/paths.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { OrganizationStatusTag } from '../shared/OrganizationStatusTag.js';

export const OrganizationHeader_organization = graphql(`
  fragment OrganizationHeader_organization on Organization {
    id
    name
    status
    allowedActions
    lifecycleProblem {
      label
      step
      reason
    }
    active
    customerSegment
    medicareLicensed
  }
`);

export interface OrganizationHeaderProps {
  organization: FragmentType<typeof OrganizationHeader_organization>;
  segmentName: (id: string) => string;
  /** Show 'Back to Organizations' (only for those who may read the list). */
  mayListOrganizations: boolean;
}

/** Who the page is about: name, lifecycle state, id and segment, with the way to its users. */
export function OrganizationHeader({ organization, segmentName, mayListOrganizations }: OrganizationHeaderProps) {
  const org = getFragmentData(OrganizationHeader_organization, organization);
  const usersPath = organizationUsersPath(org.id);
  return (
    <header>
      <Breadcrumbs items={organizationCrumbs(org.id, org.name, { text: 'Settings' })} />
      <div className="meridian-page-header">
        <H1>{org.name}</H1>
        {mayListOrganizations && (
          <LinkButton variant="minimal" icon={<ArrowLeftIcon />} to={PATHS.organizations}>
            Back to Organizations
          </LinkButton>
        )}
        <LinkButton icon={<PeopleIcon />} to={usersPath}>
          Users
        </LinkButton>
      </div>
      <div className="meridian-organization-summary">
        <OrganizationStatusTag
          status={org.status}
          problem={org.lifecycleProblem}
          allowedActions={org.allowedActions}
          problemPath={`${organizationUpdatePath(org.id)}/lifecycle`}
        />
        <span className={Classes.TEXT_MUTED}>
          ID <code>{org.id}</code>
        </span>
        <Tag minimal>{segmentName(org.customerSegment)}</Tag>
        {org.medicareLicensed && <Tag minimal>Medicare licensed</Tag>}
      </div>
    </header>
  );
}
