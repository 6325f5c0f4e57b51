import { Button, Callout, Classes, H1, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { ArrowLeftIcon, UserIcon } from '@blueprintjs/icons';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../../config/runtime.js';
import { usePageTitle } from '../../../layout/page-title.js';
import { canAccessRoute } from '../../../routes/route-access.js';
import { organizationUsersPath, PATHS } from '../../../routes/paths.js';
import { Redirect } from '../../../routes/Redirect.js';
import { RefusedSubPage } from '../../../routes/RefusedSubPage.js';
import { mayDo } from '../../../session/access.js';
import type { SessionUser } from '../../../session/session-user.js';
import { useSessionUser } from '../../../session/useSessionUser.js';
import { ActivityList } from '../../../components/activity/ActivityList.js';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { scalarText } from '../shared/user-fields.js';
import { CredentialsSection } from './credentials/CredentialsSection.js';
import { GeneralSection } from './general/GeneralSection.js';
import { PasswordSection } from './password/PasswordSection.js';
import { SecuritySection } from './security/SecuritySection.js';
import { UserProfileQuery } from './profile-query.js';
import {
  PROFILE_SECTION_TITLES,
  profileSectionOf,
  profileSectionPath,
  visibleProfileSections,
} from './profile-sections.js';
import { ProfileHeader } from './ProfileHeader.js';
import { InvitationPanel } from '../invitation/InvitationPanel.js';
import { ProfileTrail } from './ProfileTrail.js';
import '../users.css';

/** The link back to the organization's users, for those who may open that list. */
function BackToUsers({ actor, organizationId }: { actor: SessionUser; organizationId: string }) {
  if (!canAccessRoute(actor, 'organizationUsers', { orgId: organizationId })) return null;
  return (
    <LinkButton to={organizationUsersPath(organizationId)} variant="minimal" icon={<ArrowLeftIcon />}>
      Back to users
    </LinkButton>
  );
}

/**
 * /admin/org-management/{orgId}/users/{email}/profile/*: a user's profile, with its general,
 * credentials, password, sign-in security and activity pages (each for the permissions decisions.md gives; activity is
 * the audit trail of events about the user). Everyone reaches
 * their own profile. A user of another organization than the path's is "not found", as the gateway
 * answers for another tenant's user.
 */
export function UserProfilePage() {
  const { orgId = '', email: emailParam = '' } = useParams();
  const email = emailParam.toLowerCase();
  const { user: actor } = useSessionUser();
  const { productName } = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const section = profileSectionOf(location.pathname);
  usePageTitle(section ? `User Profile | ${PROFILE_SECTION_TITLES[section]}` : 'User Profile');
  const { data, loading, error, refetch } = useFreshQuery(UserProfileQuery, { variables: { email } });

  if (!actor) return null;
  const user = data?.user;
  const own = actor.email.toLowerCase() === email;
  const sections = visibleProfileSections(actor, { organizationId: orgId, email });

  let content;
  if (!user && loading) {
    content = (
      <div aria-busy="true">
        <H1 className={Classes.SKELETON}>User Profile</H1>
        <p className={Classes.SKELETON}>Loading the user’s profile</p>
      </div>
    );
  } else if (!user && error) {
    content = (
      <Callout intent={Intent.DANGER} title="The profile could not be loaded">
        <p>{messageOfError(error)}</p>
        <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
      </Callout>
    );
  } else if (!user || user.organizationId !== orgId) {
    content = (
      <NonIdealState
        icon={<UserIcon size={48} />}
        title="User not found."
        description={`There is no user ${email} in this organization, or you may not see them.`}
      />
    );
  } else {
    const userEmail = scalarText(user.email);
    const subPages = (
      <Routes>
        <Route index element={<Redirect to={profileSectionPath(orgId, userEmail, 'general')} />} />
        <Route path="general" element={<GeneralSection user={user} actor={actor} productName={productName} />} />
        <Route path="credentials" element={<CredentialsSection user={user} actor={actor} />} />
        <Route
          path="password"
          element={
            sections.includes('password') ? (
              <PasswordSection email={userEmail} name={user.name} actor={actor} own={own} />
            ) : (
              <RefusedSubPage to={profileSectionPath(orgId, userEmail, 'general')} />
            )
          }
        />
        <Route
          path="security"
          element={
            sections.includes('security') ? (
              <SecuritySection email={userEmail} name={user.name} organizationId={orgId} actor={actor} own={own} />
            ) : (
              <RefusedSubPage to={profileSectionPath(orgId, userEmail, 'general')} />
            )
          }
        />
        <Route
          path="activity"
          element={
            sections.includes('activity') ? (
              <ActivityList
                fixed={{ targetType: 'USER', targetId: userEmail }}
                hiddenFilters={['organizationId']}
                exportScope={userEmail}
              />
            ) : (
              <RefusedSubPage to={profileSectionPath(orgId, userEmail, 'general')} />
            )
          }
        />
        <Route path="*" element={<Redirect to={PATHS.notFound} />} />
      </Routes>
    );
    content = (
      <>
        <ProfileHeader user={user} productName={productName} isOwn={userEmail === actor.email} />
        <InvitationPanel user={user} mayManage={mayDo(actor, 'resendInvitation', { organizationId: orgId, email })} />
        {/* A sub-page without its tab (unknown, or not for this reader) goes through the routes alone. */}
        {(sections as readonly string[]).includes(section ?? 'general') ? (
          <Tabs
            id="user-profile-sections"
            className="meridian-user-profile-tabs"
            selectedTabId={section ?? 'general'}
            onChange={(next) => void navigate(profileSectionPath(orgId, userEmail, next as (typeof sections)[number]))}
            aria-label="Profile pages"
            renderActiveTabPanelOnly
          >
            {sections.map((id) => (
              // disabled={false} spelled out: Blueprint's arrow keys move only between tabs marked
              // aria-disabled="false", and React 19 no longer applies Tab's default prop where Tabs reads it.
              <Tab key={id} id={id} title={PROFILE_SECTION_TITLES[id]} panel={subPages} disabled={false} />
            ))}
          </Tabs>
        ) : (
          subPages
        )}
      </>
    );
  }

  return (
    <div className="meridian-user-profile">
      <ProfileTrail actor={actor} organizationId={orgId} email={email} />
      <BackToUsers actor={actor} organizationId={orgId} />
      {content}
    </div>
  );
}

export default UserProfilePage;
