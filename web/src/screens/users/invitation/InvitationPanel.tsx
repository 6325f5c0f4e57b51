import { Alert, Button, Callout, Intent } from '@blueprintjs/core';
import { EnvelopeIcon, TrashIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToasts } from '../../../components/toasts/useToasts.js';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { organizationUsersPath } from '../../../routes/paths.js';
import { formatDateTime } from '../../../lib/dates.js';
import { scalarText } from '../shared/user-fields.js';
import { useResendInvitation, useRevokeInvitation } from './useInvitationActions.js';

export const InvitationPanelUserFragment = graphql(`
  fragment InvitationPanel_user on User {
    email
    name
    organizationId
    status
    invitation {
      sentAt
      expiresAt
      expired
    }
  }
`);

export interface InvitationPanelProps {
  user: FragmentType<typeof InvitationPanelUserFragment>;
  /** The reader may create users in this organization, and so resend and revoke (schema's operations). */
  mayManage: boolean;
}

const errorText = (outcome: { formError: string | null; fieldErrors: Record<string, string | undefined> }) =>
  outcome.formError ?? Object.values(outcome.fieldErrors).join(' ');

/**
 * An invited user's profile (issue 18): when the invitation was mailed and until when its link works,
 * with Resend (a new 7-day link; the old one stops working) and Revoke (the invited user is removed,
 * after a confirmation). Nothing for a user who has set a password.
 */
export function InvitationPanel({ user: data, mayManage }: InvitationPanelProps) {
  const user = getFragmentData(InvitationPanelUserFragment, data);
  const email = scalarText(user.email);
  const toasts = useToasts();
  const navigate = useNavigate();
  const [resend, resending] = useResendInvitation(email);
  const [revoke, revoking] = useRevokeInvitation(user.organizationId, email);
  const [confirming, setConfirming] = useState(false);
  if (user.status !== 'INVITED') return null;
  const invitation = user.invitation;

  const onResend = async () => {
    const outcome = await resend();
    if (outcome.ok) toasts.show({ type: 'success', message: `A new invitation was sent to ${email}.` });
    else toasts.show({ type: 'error', message: errorText(outcome) });
  };
  const onRevoke = async () => {
    const outcome = await revoke();
    setConfirming(false);
    if (!outcome.ok) {
      toasts.show({ type: 'error', message: errorText(outcome) });
      return;
    }
    toasts.show({ type: 'success', message: `The invitation of ${user.name} (${email}) was revoked.` });
    void navigate(organizationUsersPath(user.organizationId));
  };

  return (
    <Callout
      intent={invitation?.expired ? Intent.WARNING : Intent.PRIMARY}
      title={invitation?.expired ? 'Invitation expired' : 'Invited'}
      className="meridian-invitation-panel"
    >
      <p>
        {user.name} has not set a password yet.{' '}
        {invitation &&
          (invitation.expired
            ? `The link sent ${formatDateTime(invitation.sentAt)} expired ${formatDateTime(invitation.expiresAt)}.`
            : `The link sent ${formatDateTime(invitation.sentAt)} works until ${formatDateTime(invitation.expiresAt)}.`)}
      </p>
      {mayManage && (
        <div className="meridian-invitation-actions">
          <Button icon={<EnvelopeIcon />} loading={resending.loading} onClick={() => void onResend()}>
            Resend invitation
          </Button>
          <Button
            icon={<TrashIcon />}
            intent={Intent.DANGER}
            variant="outlined"
            disabled={revoking.loading}
            onClick={() => setConfirming(true)}
          >
            Revoke invitation
          </Button>
        </div>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        confirmButtonText="Revoke"
        cancelButtonText="Cancel"
        loading={revoking.loading}
        onConfirm={() => void onRevoke()}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel={!revoking.loading}
      >
        <p>
          Revoke the invitation of <strong>{user.name}</strong>? The link stops working and {email} is removed from the
          organization; you can invite them again later.
        </p>
      </Alert>
    </Callout>
  );
}
