import { Alert, Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { BlockedPersonIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import type { UserStatus } from '@meridian/schema';
import { statusIntent, statusLabel, statusMeaning } from '../../invitation/user-status.js';
import { useSetUserActive } from './useSetUserActive.js';

export interface AccountStatusProps {
  organizationId: string;
  email: string;
  name: string;
  /** Active, invited (no password yet, issue 18) or inactive: the same word and colour as the header's. */
  status: UserStatus;
  /** Why the actor may not change it (self-protection, a role above their grant); null when they may. */
  refusal: string | null;
}

/**
 * Whether the user may sign in, and the move to the other state after a confirmation: deactivation
 * signs the user out; activation counts against the user limit (the gateway's refusal says so).
 */
export function AccountStatus({ organizationId, email, name, status, refusal }: AccountStatusProps) {
  const active = status !== 'inactive';
  const toasts = useToasts();
  const [setActive, { loading }] = useSetUserActive(organizationId, email);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    const outcome = await setActive(!active);
    setConfirming(false);
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `${name} was ${outcome.value.active ? 'activated' : 'deactivated'}.` });
    } else {
      toasts.show({ type: 'error', message: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') });
    }
  };

  return (
    <section aria-labelledby="account-status-heading" className="meridian-user-profile-section">
      <h2 id="account-status-heading" className={Classes.HEADING}>
        Account status
      </h2>
      <p>
        <Tag intent={statusIntent(status)}>{statusLabel(status)}</Tag> {statusMeaning(status)}
      </p>
      <Button
        intent={active ? Intent.DANGER : Intent.PRIMARY}
        icon={active ? <BlockedPersonIcon /> : <TickCircleIcon />}
        disabled={refusal !== null}
        loading={loading}
        onClick={() => setConfirming(true)}
        aria-describedby={refusal ? 'account-status-refusal' : undefined}
      >
        {active ? 'Deactivate user' : 'Activate user'}
      </Button>
      {refusal && (
        <p id="account-status-refusal" className={`${Classes.TEXT_MUTED} meridian-users-reason`}>
          {refusal}
        </p>
      )}
      <Alert
        isOpen={confirming}
        intent={active ? Intent.DANGER : Intent.PRIMARY}
        confirmButtonText={active ? 'Deactivate' : 'Activate'}
        cancelButtonText="Cancel"
        loading={loading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel={!loading}
      >
        {active ? (
          <p>
            Deactivate <strong>{name}</strong>? They are signed out within 30 seconds and cannot sign in until someone
            activates them again.
          </p>
        ) : (
          <p>
            Activate <strong>{name}</strong>? They can sign in again and count against the organization’s user limit.
          </p>
        )}
      </Alert>
    </section>
  );
}
