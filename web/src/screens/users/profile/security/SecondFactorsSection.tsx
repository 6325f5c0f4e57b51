import { Button, Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import { KeyIcon, ResetIcon, ShareIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { messageOfError } from '../../../../components/mutation-outcome.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { useRuntimeConfig } from '../../../../config/runtime.js';
import { mayDo } from '../../../../session/access.js';
import type { SessionUser } from '../../../../session/session-user.js';
import { UserFacts } from '../general/UserFacts.js';
import { factorsText, RECOVERY_CODES_ISSUED } from './second-factors.js';
import { useResetUserMfa } from './useResetUserMfa.js';
import { useSecondFactors } from './useSecondFactors.js';

export interface SecondFactorsSectionProps {
  email: string;
  name: string;
  organizationId: string;
  actor: SessionUser;
  /** The signed-in user's own profile: they manage their factors at the provider. */
  own: boolean;
}

/**
 * The provider's page where people add or remove an authenticator app or passkey and make new
 * recovery codes; it sends them back to `returnTo` (this page) when done.
 */
export function accountSecurityUrl(issuer: string, returnTo: string): string {
  return `${issuer}/account/security?return=${encodeURIComponent(returnTo)}`;
}

/** The link to the provider's account page, for one's own factors (it leaves the console). */
function ManageLink() {
  const { oidc } = useRuntimeConfig();
  return (
    <a className={`${Classes.BUTTON} ${Classes.OUTLINED}`} href={accountSecurityUrl(oidc.issuer, window.location.href)}>
      <ShareIcon />
      <span className={Classes.BUTTON_TEXT}>Manage second factors</span>
    </a>
  );
}

/**
 * Whether the person signs in with a second factor and which kinds (never a secret), their passkeys
 * and recovery codes left. One's own: a link to manage them at the provider. Someone else's, for whoever
 * may reset their password: reset them, after a confirmation saying what follows.
 */
export function SecondFactorsSection({ email, name, organizationId, actor, own }: SecondFactorsSectionProps) {
  const target = { organizationId, email };
  const allowed = mayDo(actor, 'userMfa', target);
  const mayReset = !own && mayDo(actor, 'resetUserMfa', target);
  const { data, loading, error, refetch } = useSecondFactors(email, allowed);
  const [reset, { loading: resetting }] = useResetUserMfa(email);
  const [confirming, setConfirming] = useState(false);
  const toasts = useToasts();
  if (!allowed) return null;

  const mfa = data?.user?.mfa;
  const confirmReset = async () => {
    const outcome = await reset();
    setConfirming(false);
    if (outcome.ok)
      toasts.show({
        type: 'success',
        message: `${name}’s second factors were reset and they were signed out everywhere.`,
      });
    else toasts.show({ type: 'error', message: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') });
  };

  let body;
  if (error && !mfa) {
    body = (
      <Callout intent={Intent.DANGER} title="The second factors could not be loaded">
        <p>{messageOfError(error)}</p>
        <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
      </Callout>
    );
  } else {
    const skeleton = loading && !mfa ? Classes.SKELETON : undefined;
    body = (
      <div className={skeleton} aria-busy={skeleton ? true : undefined}>
        <UserFacts
          facts={[
            [
              'Second factor',
              mfa?.enrolled ? (
                <Tag minimal intent={Intent.SUCCESS}>
                  Set up
                </Tag>
              ) : (
                <Tag minimal intent={Intent.WARNING}>
                  Not set up
                </Tag>
              ),
            ],
            ['Signs in with', mfa ? factorsText(mfa) : '—'],
            ['Passkeys', String(mfa?.passkeyCount ?? 0)],
            ['Recovery codes left', mfa?.enrolled ? `${mfa.recoveryCodesLeft} of ${RECOVERY_CODES_ISSUED}` : '—'],
          ]}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="second-factors-heading" className="meridian-user-profile-section">
      <h2 id="second-factors-heading" className={Classes.HEADING}>
        Sign-in security
      </h2>
      <p className={Classes.TEXT_MUTED}>
        A second factor is an authenticator app’s code or a passkey, asked for after the password.
      </p>
      {body}
      {own && (
        <div className="meridian-security-actions">
          <ManageLink />
          <p className={Classes.TEXT_MUTED}>
            Add or remove an authenticator app or a passkey, or make new recovery codes, at the sign-in service.
          </p>
        </div>
      )}
      {mayReset && (
        <div className="meridian-security-actions">
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon={<ResetIcon />}
            disabled={!mfa?.enrolled}
            aria-describedby={mfa && !mfa.enrolled ? 'second-factors-reset-reason' : undefined}
            onClick={() => setConfirming(true)}
          >
            Reset second factors
          </Button>
          {mfa && !mfa.enrolled && (
            <p id="second-factors-reset-reason" className={`${Classes.TEXT_MUTED} meridian-users-reason`}>
              {name} has no second factor to reset.
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={`Reset ${name}’s second factors?`}
        icon={<KeyIcon />}
        confirmLabel="Reset second factors"
        loading={resetting}
        onConfirm={() => void confirmReset()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Their authenticator app, passkeys and recovery codes are removed, and {name} ({email}) is signed out
          everywhere at once. They set up a second factor again at their next sign-in.
        </p>
      </ConfirmDialog>
    </section>
  );
}
