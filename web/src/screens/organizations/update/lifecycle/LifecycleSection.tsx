import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { LifecycleAction } from '../../../../gql/graphql.js';
import { ORGANIZATION_STATUS_ORDER, statusLook } from '../../shared/organization-status.js';
import { OrganizationStatusTag } from '../../shared/OrganizationStatusTag.js';
import { licenseSourceOf } from '../licenses/LicenseFields.js';
import { JobCard } from './JobCard.js';
import { JOB_TITLES, nextStepHint, offeredMoves, type Move } from './lifecycle-view.js';
import { OffboardDialog } from './OffboardDialog.js';
import { SwitchSegmentDialog } from './SwitchSegmentDialog.js';
import { useActivateOrganization } from './useActivateOrganization.js';
import { useStartDeployment } from './useStartDeployment.js';
import { useStartOnboarding } from './useStartOnboarding.js';

export const LifecycleSection_organization = graphql(`
  fragment LifecycleSection_organization on Organization {
    id
    name
    status
    active
    allowedActions
    customerSegment
    medicareLicensed
    onboarding {
      status
      ...JobCard_job
    }
    deployment {
      status
      ...JobCard_job
    }
    offboarding {
      status
      ...JobCard_job
    }
    licenses {
      ...LicenseFields_licenses
    }
  }
`);

export interface LifecycleSectionProps {
  organization: FragmentType<typeof LifecycleSection_organization>;
  readOnlyReason: string | null;
}

/**
 * The organization's lifecycle: where it stands, its three jobs with live step progress (the page
 * polls while one runs), and only the moves its state allows.
 */
export function LifecycleSection({ organization, readOnlyReason }: LifecycleSectionProps) {
  const org = getFragmentData(LifecycleSection_organization, organization);
  const toasts = useToasts();
  const [dialog, setDialog] = useState<'switch' | 'offboard' | null>(null);
  const [startOnboarding, onboarding] = useStartOnboarding();
  const [startDeployment, deployment] = useStartDeployment();
  const [activate, activation] = useActivateOrganization();
  const moves = offeredMoves(org.allowedActions, org.status, org);
  const busy = onboarding.loading || deployment.loading || activation.loading;
  const [pending, setPending] = useState<LifecycleAction | null>(null);
  /** The button that starts a job again, when this person is offered it. */
  const retryLabel = (action: LifecycleAction) =>
    readOnlyReason === null ? (moves.find((move) => move.action === action)?.label ?? null) : null;

  const direct = async (
    move: Move,
    run: (variables: { id: string }) => ReturnType<typeof startOnboarding>,
    done: string,
  ) => {
    setPending(move.action);
    const outcome = await run({ id: org.id });
    setPending(null);
    if (outcome.ok) toasts.show({ type: 'success', message: done });
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
  };

  const act = (move: Move) => {
    switch (move.action) {
      case 'ONBOARD':
        return void direct(move, startOnboarding, `Onboarding of ${org.name} started.`);
      case 'DEPLOY':
        return void direct(move, startDeployment, `Deployment of ${org.name} started.`);
      case 'ACTIVATE':
        return void direct(move, activate, `${org.name} is active.`);
      case 'SWITCH_SEGMENT':
        return setDialog('switch');
      case 'OFFBOARD':
        return setDialog('offboard');
    }
  };

  return (
    <section aria-labelledby="lifecycle-heading">
      <H2 id="lifecycle-heading" className="meridian-section-heading">
        Lifecycle
      </H2>
      <ol className="meridian-lifecycle-path" aria-label="Lifecycle states">
        {ORGANIZATION_STATUS_ORDER.map((status, index) => (
          <li key={status} aria-current={status === org.status ? 'step' : undefined}>
            {status === org.status ? (
              <OrganizationStatusTag status={status} allowedActions={org.allowedActions} />
            ) : (
              <span className={Classes.TEXT_MUTED}>{statusLook(status).label}</span>
            )}
            {index < ORGANIZATION_STATUS_ORDER.length - 1 && <span aria-hidden="true"> → </span>}
          </li>
        ))}
      </ol>
      <p role="status">{nextStepHint(org.status, org)}</p>

      {readOnlyReason === null ? (
        moves.length > 0 && (
          <div className="meridian-lifecycle-actions" role="group" aria-label="Lifecycle moves">
            {moves.map((move) => (
              <Button
                key={move.action}
                intent={move.action === 'OFFBOARD' ? Intent.DANGER : Intent.PRIMARY}
                variant={move.action === 'OFFBOARD' || move.action === 'SWITCH_SEGMENT' ? 'outlined' : 'solid'}
                loading={pending === move.action}
                disabled={busy}
                title={move.description}
                onClick={() => act(move)}
              >
                {move.label}
              </Button>
            ))}
          </div>
        )
      ) : (
        <Callout compact>{readOnlyReason}</Callout>
      )}

      <div className="meridian-job-cards">
        <JobCard title={JOB_TITLES.onboarding} job={org.onboarding} retryLabel={retryLabel('ONBOARD')} />
        <JobCard title={JOB_TITLES.deployment} job={org.deployment} retryLabel={retryLabel('DEPLOY')} />
        <JobCard title={JOB_TITLES.offboarding} job={org.offboarding} retryLabel={retryLabel('OFFBOARD')} />
      </div>

      {dialog === 'switch' && (
        <SwitchSegmentDialog
          isOpen
          onClose={() => setDialog(null)}
          organization={{
            id: org.id,
            name: org.name,
            customerSegment: org.customerSegment,
            medicareLicensed: org.medicareLicensed,
            licenses: licenseSourceOf(org.licenses),
          }}
        />
      )}
      {dialog === 'offboard' && (
        <OffboardDialog isOpen onClose={() => setDialog(null)} organization={{ id: org.id, name: org.name }} />
      )}
    </section>
  );
}
