import { Button, Callout, Classes, H1, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { OfficeIcon } from '@blueprintjs/icons';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { useFreshQuery } from '../../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../../config/runtime.js';
import { getFragmentData } from '../../../gql/index.js';
import { usePageTitle } from '../../../layout/page-title.js';
import { PATHS } from '../../../routes/paths.js';
import { RefusedSubPage } from '../../../routes/RefusedSubPage.js';
import {
  isOrganizationSection,
  organizationSectionPath as sectionPath,
  visibleOrganizationSections,
  type OrganizationSectionId as SectionId,
} from '../../../routes/sub-pages.js';
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
import { sectionReadOnlyReason } from './update-access.js';
import { useProgressPolling } from './useProgressPolling.js';
import { WebhooksSection } from './webhooks/WebhooksSection.js';
import { WebhooksTabTitle } from './webhooks/WebhooksTabTitle.js';
import '../organizations.css';

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
 * licenses, lifecycle, credentials, sign-in, provisioning, webhooks, managed providers) and its audit trail
 * (activity), one read for all of them but provisioning's and webhooks' (their own). The tabs are the
 * router's table (routes/sub-pages.ts); each is read-only, with the reason above it, exactly where the
 * reader may not change what it shows ('My Organization' of an Org Admin: General read-only, Webhooks not).
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

  // Each tab is read-only, with its reason, exactly where the table refuses its change (issue 39).
  const reasonOf = (id: SectionId) => sectionReadOnlyReason(user, organizationId, id, config.productName);
  const sections: Record<SectionId, React.JSX.Element> = {
    general: <GeneralSection organization={organization} readOnlyReason={reasonOf('general')} />,
    licenses: <LicensesSection organization={organization} readOnlyReason={reasonOf('licenses')} />,
    lifecycle: <LifecycleSection organization={organization} readOnlyReason={reasonOf('lifecycle')} />,
    credentials: <CredentialsSection organization={organization} readOnlyReason={reasonOf('credentials')} />,
    'sign-in': (
      <SignInSection
        organization={organization}
        readOnlyReason={reasonOf('sign-in')}
        mayChangeEmergencyAccess={mayDo(user, 'setSsoAdminEmergencyAccess', { organizationId })}
        // "Require a second factor" is the organization's setting (updateOrganization), as on General.
        secondFactorReadOnlyReason={reasonOf('general')}
      />
    ),
    provisioning: <ProvisioningSection organizationId={organizationId} readOnlyReason={reasonOf('provisioning')} />,
    webhooks: <WebhooksSection organizationId={organizationId} readOnlyReason={reasonOf('webhooks')} />,
    'managed-providers': <ManagedProvidersSection organization={organization} />,
    activity: <ActivityList fixed={{ organizationId }} exportScope={organizationId} />,
  };
  const shownSections = visibleOrganizationSections(user, organizationId);
  const shown = (id: string | undefined) => shownSections.some((each) => each.id === id);
  const subPages = (
    <Routes>
      <Route index element={<Navigate to={sectionPath(organizationId, 'general')} replace />} />
      {shownSections.map(({ id }) => (
        <Route key={id} path={id} element={sections[id]} />
      ))}
      {/* A tab this reader may not open answers as the route guard does; an unknown one is the 404 page. */}
      <Route
        path="*"
        element={
          isOrganizationSection(section) ? (
            <RefusedSubPage to={sectionPath(organizationId, 'general')} />
          ) : (
            <Navigate to={PATHS.notFound} replace />
          )
        }
      />
    </Routes>
  );
  const bannerReason = isOrganizationSection(section) && shown(section) ? reasonOf(section) : null;

  return (
    <div className="meridian-page">
      <OrganizationHeader
        organization={organization}
        segmentName={segments.nameOf}
        mayListOrganizations={mayDo(user, 'organizations')}
      />
      {bannerReason && (
        <Callout intent={Intent.PRIMARY} compact role="note">
          {bannerReason}
        </Callout>
      )}
      {isOrganizationSection(section) && shown(section) ? (
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
