import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useStartSsoTestSignIn } from './useStartSsoTestSignIn.js';

export interface SsoTestSignInButtonProps {
  organizationId: string;
  /** True while the form holds changes: the test signs in through the saved connection, not the form. */
  unsaved: boolean;
  /** How the provider's sign-in page is opened: this tab's own navigation unless set. */
  open?: (url: string) => void;
}

/** Why the button waits, beside it. */
export const TEST_SIGN_IN_HELP =
  'Opens your identity provider to sign in as a test: its answer comes back here with what it returned and what Meridian would do with it. Nobody is signed in or created.';
export const TEST_SIGN_IN_UNSAVED = 'Save first: a test sign-in goes through the saved connection.';

/**
 * "Test sign-in" (issue 39): a real sign-in at the customer's provider, through the saved connection,
 * whose answer Meridian verifies and shows (SsoTestSignInResult) instead of signing anyone in. The page
 * goes to the provider and comes back to this tab.
 */
export function SsoTestSignInButton({
  organizationId,
  unsaved,
  open = (url) => window.location.assign(url),
}: SsoTestSignInButtonProps) {
  const [start, starting] = useStartSsoTestSignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const begin = async () => {
    setProblem(null);
    const outcome = await start(organizationId);
    if (outcome.ok) open(outcome.value.url);
    else setProblem(outcome.formError ?? Object.values(outcome.fieldErrors).join(' '));
  };
  return (
    <div className="meridian-form">
      <div>
        <Button variant="outlined" loading={starting.loading} disabled={unsaved} onClick={() => void begin()}>
          Test sign-in
        </Button>
      </div>
      <p className={Classes.TEXT_MUTED}>{unsaved ? TEST_SIGN_IN_UNSAVED : TEST_SIGN_IN_HELP}</p>
      {problem && (
        <Callout intent={Intent.DANGER} role="alert" title="The test sign-in could not start">
          {problem}
        </Callout>
      )}
    </div>
  );
}
