import { Button, Callout, Intent } from '@blueprintjs/core';
import { CrossIcon, WarningSignIcon, ErrorIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { userProfilePath } from '../../routes/paths.js';
import {
  credentialBannerDismissedToday,
  credentialBannerState,
  dismissCredentialBanner,
  GET_NEW_CREDENTIAL_TEXT,
  type DataAccessEntry,
} from './credential-banner-state.js';
import './credential-banner.css';

export interface CredentialBannerProps {
  /** The signed-in user: whose credentials, and where their credentials page is. */
  user: { email: string; organizationId: string; dataAccessInfo: readonly DataAccessEntry[] };
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/** Warns of the user's data-access credential expiring (spec section 4); dismissed for the rest of the day. */
export function CredentialBanner({ user, now = () => new Date() }: CredentialBannerProps) {
  const [dismissed, setDismissed] = useState(() => credentialBannerDismissedToday(user.email, now()));
  const state = credentialBannerState(user.dataAccessInfo, dismissed);
  if (!state) return null;
  const dismiss = () => {
    dismissCredentialBanner(user.email, now());
    setDismissed(true);
  };
  const danger = state.intent === 'danger';
  return (
    <Callout
      className="meridian-credential-banner"
      intent={danger ? Intent.DANGER : Intent.WARNING}
      icon={danger ? <ErrorIcon /> : <WarningSignIcon />}
      role={danger ? 'alert' : 'status'}
      compact
    >
      <div className="meridian-credential-banner-content">
        <span>{state.text}</span>
        <Link to={userProfilePath(user.organizationId, user.email, 'credentials')}>{GET_NEW_CREDENTIAL_TEXT}</Link>
        <Button
          className="meridian-credential-banner-dismiss"
          variant="minimal"
          size="small"
          icon={<CrossIcon />}
          aria-label="Dismiss the credential reminder for today"
          onClick={dismiss}
        />
      </div>
    </Callout>
  );
}
