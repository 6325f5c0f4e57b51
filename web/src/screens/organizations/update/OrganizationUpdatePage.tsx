import { Button, Callout, Classes, H1, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { OfficeIcon } from '@blueprintjs/icons';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../../config/runtime.js';
import { getFragmentData } from '../../../gql/index.js';
import { usePageTitle } from '../../../layout/page-title.js';
import { organizationUpdatePath, PATHS } from '../../../routes/paths.js';
import { mayDo } from '../../../session/access.js';
import { useSessionUser } from '../../../session/useSessionUser.js';
import { ActivityList } from '../../../components/activity/ActivityList.js';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { useCustomerSegments } from '../shared/useCustomerSegments.js';
import { CredentialsSection } from './credentials/CredentialsSection.js';
import { GeneralSection } from './general/GeneralSection.js';
import { LicensesSection } from './licenses/LicensesSection.js';
import { anyJobRunning } from './lifecycle/lifecycle-view.js';
import { LifecycleSection, LifecycleSection_organization } from './lifecycle/LifecycleSection.js';
import { OrganizationHeader } from './OrganizationHeader.js';
import { OrganizationUpdateDocument } from './organization-query.js';
import { ProvisioningSection } from './provisioning/ProvisioningSection.js';
import { ManagedProvidersSection } from './providers/ManagedProvidersSection.js';
import { SignInSection } from './sign-in/SignInSection.js';
import { readOnlyReason as roleReadOnlyReason, updateAccessOf } from './update-access.js';
import { useProgressPolling } from './useProgressPolling.js';
import { WebhooksSection } from './webhooks/WebhooksSection.js';
import { WebhooksTabTitle } from './webhooks/WebhooksTabTitle.js';
import '../organizations.css';

/** The sub-pages, in tab order: path segment and title. */
export const UPDATE_SECTIONS = [
  { id: 'general', title: 'General' },
  { id: 'licenses', title: 'Licenses' },
  { id: 'lifecycle', title: 'Lifecycle' },
  { id: 'credentials', title: 'Credentials' },
  { id: 'sign-in', title: 'Sign-in' },
  { id: 'provisioning', title: 'Provisioning' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'managed-providers', title: 'Managed providers' },
  { id: 'activity', title: 'Activity' },
] as const;
type SectionId = (typeof UPDATE_SECTIONS)[number]['id'];

/** A sub-page's path (absolute: relative links inside a splat route resolve against the splat). */
export const sectionPath = (organizationId: string, section: SectionId): string =>
  `${organizationUpdatePath(organizationId)}/${section}`;

const isSection = (value: string | undefined): value is SectionId =>
  UPDATE_SECTIONS.some((section) => section.id === value);

/**
 * The audit trail is read with admin:read only, the SCIM tokens and webhooks by operators and the
 * organization's admins (the gateway refuses others): those tabs show for them alone.
 */
const visibleSections = (may: { readActivity: boolean; provision: boolean; webhooks: boolean }) =>
  UPDATE_SECTIONS.filter(
    (section) =>
      (section.id !== 'activity' || may.readActivity) &&
      (section.id !== 'provisioning' || may.provision) &&
      (section.id !== 'webhooks' || may.webhooks),
  );

function LoadingPage() {
  return (
    <div className="meridian-page" aria-busy="true">
      <H1 className={Classes.SKELETON}>Loading the organization</H1>
      <p className={Classes.SKELETON}>Status, id and segment</p>
      <div className={Classes.SKELETON} style={{ height: 320 }} />
    </div>
  );
}

/**
 * /admin/org-management/{orgId}/update/*: one organization's settings in sub-pages (general,
 * licenses, lifecycle, credentials, sign-in, provisioning, managed providers) and its audit trail (activity), one read for all of them
 * but provisioning's (its own, for those who may see SCIM tokens). Read-only, with the
 * reason, for a role without organization:update ('My Organization' of an Org Admin).
 */
export default function OrganizationUpdatePage() {
  const params = useParams();
  const organizationId = params.orgId ?? '';
  const section = params['*']?.split('/')[0];
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const { user } = useSessionUser();
  const segments = useCustomerSegments();
  const { data, loading, error, refetch } = useFreshQuery(OrganizationUpdateDocument, {
    variables: { id: organizationId },
  });
  const organization = data?.organization;
  const lifecycle = organization ? getFragmentData(LifecycleSection_organization, organization) : null;
  useProgressPolling(organizationId, lifecycle !== null && anyJobRunning(lifecycle));
  usePageTitle(lifecycle ? `Update ${lifecycle.name}` : 'Update Organization');

  if (!organization) {
    if (loading && data === undefined) return <LoadingPage />;
    if (error !== undefined) {
      return (
        <div className="meridian-page">
          <Callout intent={Intent.DANGER} title="The organization could not be loaded">
            <p>{messageOfError(error)}</p>
            <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
          </Callout>
        </div>
      );
    }
    return (
      <div className="meridian-page">
        <NonIdealState
          icon={<OfficeIcon />}
          title="Organization not found"
          description={`There is no organization with the id ${organizationId}.`}
        />
      </div>
    );
  }

  const { readOnlyReason } = updateAccessOf(user, organizationId, config.productName);
  // Single sign-on is the table's setOrganizationSso, decided on its own (whoever reads the page sees it).
  const signInReadOnlyReason = mayDo(user, 'setOrganizationSso', { organizationId })
    ? null
    : (readOnlyReason ??
      (user ? roleReadOnlyReason(user.role, config.productName) : 'You may not change this organization.'));
  const sections: Record<SectionId, React.JSX.Element> = {
    general: <GeneralSection organization={organization} readOnlyReason={readOnlyReason} />,
    licenses: <LicensesSection organization={organization} readOnlyReason={readOnlyReason} />,
    lifecycle: <LifecycleSection organization={organization} readOnlyReason={readOnlyReason} />,
    credentials: <CredentialsSection organization={organization} readOnlyReason={readOnlyReason} />,
    'sign-in': (
      <SignInSection
        organization={organization}
        readOnlyReason={signInReadOnlyReason}
        mayChangeEmergencyAccess={mayDo(user, 'setSsoAdminEmergencyAccess', { organizationId })}
        secondFactorReadOnlyReason={readOnlyReason}
      />
    ),
    provisioning: <ProvisioningSection organizationId={organizationId} />,
    webhooks: <WebhooksSection organizationId={organizationId} />,
    'managed-providers': <ManagedProvidersSection organization={organization} />,
    activity: <ActivityList fixed={{ organizationId }} exportScope={organizationId} />,
  };
  const shownSections = visibleSections({
    readActivity: mayDo(user, 'auditEvents', { organizationId }),
    provision: mayDo(user, 'scimTokens', { organizationId }),
    webhooks: mayDo(user, 'webhooks', { organizationId }),
  });
  const subPages = (
    <Routes>
      <Route index element={<Navigate to={sectionPath(organizationId, 'general')} replace />} />
      {shownSections.map(({ id }) => (
        <Route key={id} path={id} element={sections[id]} />
      ))}
      <Route path="*" element={<Navigate to={PATHS.notFound} replace />} />
    </Routes>
  );

  return (
    <div className="meridian-page">
      <OrganizationHeader
        organization={organization}
        segmentName={segments.nameOf}
        mayListOrganizations={mayDo(user, 'organizations')}
      />
      {readOnlyReason && (
        <Callout intent={Intent.PRIMARY} compact role="note">
          {readOnlyReason}
        </Callout>
      )}
      {isSection(section) && shownSections.some(({ id }) => id === section) ? (
        <Tabs
          id="organization-sections"
          className="meridian-organization-tabs"
          selectedTabId={section}
          onChange={(next) => void navigate(sectionPath(organizationId, next as SectionId))}
          renderActiveTabPanelOnly
          // The selected tab underlines itself: Blueprint's sliding indicator is placed once, by offset, and
          // stays where it was when the window narrows and the tabs wrap (857 px in 800 with nine tabs).
          animate={false}
          size="large"
        >
          {shownSections.map(({ id, title }) => (
            // disabled={false} spelled out: Blueprint's arrow keys move only between tabs marked
            // aria-disabled="false", and React 19 no longer applies Tab's default prop where Tabs reads it.
            <Tab
              key={id}
              id={id}
              // The webhooks' title warns of an endpoint paused for failing, whichever tab is open.
              title={id === 'webhooks' ? <WebhooksTabTitle organizationId={organizationId} /> : title}
              panel={subPages}
              disabled={false}
            />
          ))}
        </Tabs>
      ) : (
        subPages
      )}
    </div>
  );
}
