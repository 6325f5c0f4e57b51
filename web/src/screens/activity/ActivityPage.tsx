import { Callout, H1, Intent } from '@blueprintjs/core';
import { isSystemRole, MESSAGES } from '@meridian/schema';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../layout/page-title.js';
import { PATHS } from '../../routes/paths.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { ActivityList } from '../../components/activity/ActivityList.js';

/**
 * /admin/activity: the operators' audit trail (issue 7), every organization's events with the filters
 * in the URL. An Org Admin reaches it too and reads only their organization's events: the organization
 * filter is fixed to theirs and hidden (the gateway holds them to it whatever is asked), and a link
 * naming another organization is refused in words rather than quietly showing their own.
 */
export default function ActivityPage() {
  usePageTitle('Activity');
  const { user } = useSessionUser();
  const [searchParams] = useSearchParams();
  if (!user) return null;
  const operator = isSystemRole(user.role);
  const asked = searchParams.get('organizationId');
  const refused = asked !== null && asked !== '' && !mayDo(user, 'auditEvents', { organizationId: asked });

  return (
    <div className="meridian-page">
      <H1>Activity</H1>
      <p>
        {operator
          ? 'Every change made through the console or the API, and every sign-in, newest first.'
          : `Every change made in ${user.organizationName ?? user.organizationId}, and every sign-in, newest first.`}
      </p>
      {refused ? (
        <Callout intent={Intent.DANGER} title="Another organization’s activity">
          <p>{MESSAGES.permissionDenied}</p>
          <Link to={PATHS.activity}>Show your organization’s activity</Link>
        </Callout>
      ) : (
        <ActivityList
          fixed={operator ? {} : { organizationId: user.organizationId }}
          exportScope={operator ? 'all' : user.organizationId}
        />
      )}
    </div>
  );
}
