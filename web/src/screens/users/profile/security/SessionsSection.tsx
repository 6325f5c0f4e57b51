import { Button, Callout, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { DesktopIcon, LogOutIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useAuthSession } from '../../../../auth/useAuthSession.js';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { messageOfError, type MutationOutcome } from '../../../../components/mutation-outcome.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { mayDo } from '../../../../session/access.js';
import type { SessionUser } from '../../../../session/session-user.js';
import { deviceText } from './session-device.js';
import { SessionsTable, type SessionRow } from './SessionsTable.js';
import { useRevokeSession, useRevokeUserSessions } from './useRevokeSessions.js';
import { useSignInSessions } from './useSignInSessions.js';

export interface SessionsSectionProps {
  email: string;
  name: string;
  organizationId: string;
  actor: SessionUser;
  /** The signed-in user's own profile: "Sign out other sessions", and this browser's session among them. */
  own: boolean;
}

/** What is being confirmed: one session, every session, or every one but this browser's. */
type Pending = { kind: 'one'; session: SessionRow } | { kind: 'everywhere' } | { kind: 'others' };

const plural = (n: number) => (n === 1 ? '1 session was' : `${n} sessions were`);

/** The confirmation's title, sentence and button for what is pending. */
function confirmationOf(pending: Pending, name: string) {
  if (pending.kind === 'everywhere')
    return {
      title: `Sign ${name} out everywhere?`,
      text: 'Every browser signed in as them is signed out within a second, and has to sign in again.',
      label: 'Sign out everywhere',
    };
  if (pending.kind === 'others')
    return {
      title: 'Sign out your other sessions?',
      text: 'Every other browser signed in as you is signed out within a second; this one stays signed in.',
      label: 'Sign out other sessions',
    };
  if (pending.session.current)
    return {
      title: 'Sign out this browser?',
      text: 'This session ends and the console signs you out here.',
      label: 'Sign out',
    };
  return {
    title: `Sign out ${deviceText(pending.session)}?`,
    text: `That browser (${pending.session.ipAddress ?? 'address unknown'}) is signed out within a second, and has to sign in again.`,
    label: 'Sign out',
  };
}

/**
 * A person's active sign-in sessions, for themselves and for whoever manages them (userSessions): each
 * one can be signed out; a manager signs someone out everywhere, and anyone signs out their own other
 * sessions. Ending this browser's own session signs the console out.
 */
export function SessionsSection({ email, name, organizationId, actor, own }: SessionsSectionProps) {
  const target = { organizationId, email };
  const allowed = mayDo(actor, 'userSessions', target);
  const mayRevoke = mayDo(actor, 'revokeUserSessions', target);
  const { data, error, refetch } = useSignInSessions(email, allowed);
  const [revokeOne, { loading: revokingOne }] = useRevokeSession(email);
  const [revokeAll, { loading: revokingAll }] = useRevokeUserSessions(email);
  const [pending, setPending] = useState<Pending | null>(null);
  const { signOut } = useAuthSession();
  const toasts = useToasts();
  if (!allowed) return null;

  const sessions = data?.user?.sessions ?? null;
  const others = sessions?.filter((session) => !session.current) ?? [];

  const report = (outcome: MutationOutcome<number>, done: (revoked: number) => string) => {
    if (outcome.ok) toasts.show({ type: 'success', message: done(outcome.value) });
    else toasts.show({ type: 'error', message: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') });
  };

  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'one') {
      const outcome = await revokeOne(pending.session.id);
      setPending(null);
      // This browser's own session is over: its tokens are refused from now on, so sign out here too.
      if (outcome.ok && pending.session.current) return void signOut();
      report(outcome, () => `${deviceText(pending.session)} was signed out.`);
      return;
    }
    const outcome = await revokeAll(pending.kind === 'others');
    setPending(null);
    report(outcome, (revoked) =>
      pending.kind === 'others'
        ? `${plural(revoked)} signed out; this browser stays signed in.`
        : `${plural(revoked)} signed out: ${name} is signed out everywhere.`,
    );
  };

  let body;
  if (error && !sessions) {
    body = (
      <Callout intent={Intent.DANGER} title="The sessions could not be loaded">
        <p>{messageOfError(error)}</p>
        <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
      </Callout>
    );
  } else if (!sessions) {
    body = (
      <div aria-busy="true" className={Classes.SKELETON} style={{ height: 96 }}>
        Loading the sessions
      </div>
    );
  } else if (sessions.length === 0) {
    body = (
      <NonIdealState
        icon={<DesktopIcon size={48} />}
        title="No active sessions"
        description={`${name} is not signed in anywhere.`}
      />
    );
  } else {
    body = (
      <SessionsTable
        sessions={sessions}
        onSignOut={own || mayRevoke ? (session) => setPending({ kind: 'one', session }) : null}
      />
    );
  }

  const confirmation = pending && confirmationOf(pending, name);
  return (
    <section aria-labelledby="sessions-heading" className="meridian-user-profile-section">
      <h2 id="sessions-heading" className={Classes.HEADING}>
        Sessions
      </h2>
      <p className={Classes.TEXT_MUTED}>
        Each browser signed in as {own ? 'you' : name}. Signing one out ends it within a second.
      </p>
      <div className="meridian-security-actions">
        {own && (
          <Button
            icon={<LogOutIcon />}
            disabled={others.length === 0}
            loading={revokingAll}
            onClick={() => setPending({ kind: 'others' })}
          >
            Sign out other sessions
          </Button>
        )}
        {!own && mayRevoke && (
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon={<LogOutIcon />}
            disabled={sessions?.length === 0}
            loading={revokingAll}
            onClick={() => setPending({ kind: 'everywhere' })}
          >
            Sign out everywhere
          </Button>
        )}
      </div>
      {body}
      <ConfirmDialog
        isOpen={confirmation !== null}
        title={confirmation?.title ?? ''}
        icon={<LogOutIcon />}
        confirmLabel={confirmation?.label ?? ''}
        loading={revokingOne || revokingAll}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        <p>{confirmation?.text}</p>
      </ConfirmDialog>
    </section>
  );
}
