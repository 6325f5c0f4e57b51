import { Callout, Classes, H1, Intent } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { INVITATIONS_COUNT_NOTE, userLimitMessage } from '@meridian/schema';
import { useParams } from 'react-router-dom';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { Breadcrumbs } from '../../components/Breadcrumbs.js';
import { organizationCrumbs, usersCrumb } from '../../components/organization-crumbs.js';
import { useRuntimeConfig } from '../../config/runtime.js';
import { usePageTitle } from '../../layout/page-title.js';
import { organizationUsersPath } from '../../routes/paths.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { CreateUserForm } from './create/CreateUserForm.js';
import { CreateUserOrganizationQuery } from './create/user-limits-query.js';
import { LinkButton } from '../../components/LinkButton.js';
import './users.css';
import { formatCount } from '../../lib/numbers.js';

/** The organization's user limit, and the refusal ahead of time when it is reached. */
function UserLimit({ userLimit, activeUsers }: { userLimit: number; activeUsers: number }) {
  if (activeUsers >= userLimit) {
    return (
      <Callout intent={Intent.WARNING} title="User limit reached" className="meridian-user-profile-section">
        {userLimitMessage(userLimit)}
      </Callout>
    );
  }
  return (
    <p className={Classes.TEXT_MUTED}>
      {formatCount(activeUsers)} of {formatCount(userLimit)} active users. {INVITATIONS_COUNT_NOTE}
    </p>
  );
}

/** /admin/org-management/{orgId}/users/create: a new user of the organization. */
export function CreateUserPage() {
  usePageTitle('Create User');
  const { orgId = '' } = useParams();
  const { user } = useSessionUser();
  const { productName } = useRuntimeConfig();
  const organization = useFreshQuery(CreateUserOrganizationQuery, { variables: { organizationId: orgId } }).data
    ?.organization;
  const licenses = organization?.licenses;
  if (!user) return null;
  return (
    <div className="meridian-create-user">
      <Breadcrumbs
        items={organizationCrumbs(orgId, organization?.name ?? orgId, usersCrumb(orgId), { text: 'Create user' })}
      />
      <LinkButton to={organizationUsersPath(orgId)} variant="minimal" icon={<ArrowLeftIcon />}>
        Back to users
      </LinkButton>
      <H1>Create user</H1>
      <p className={Classes.TEXT_MUTED}>In {organization?.name ?? orgId}</p>
      {licenses && <UserLimit userLimit={licenses.userLimit} activeUsers={licenses.activeUsers} />}
      <CreateUserForm
        organizationId={orgId}
        granterRole={user.role}
        productName={productName}
        seats={licenses?.tableauUserLicenses ?? null}
        organization={organization ? { name: organization.name, domains: organization.domain } : null}
        shownAbove={
          licenses && licenses.activeUsers >= licenses.userLimit ? userLimitMessage(licenses.userLimit) : null
        }
      />
    </div>
  );
}

export default CreateUserPage;
