import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { LogIn } from '@blueprintjs/icons';

export interface SignedOutScreenProps {
  /** Heading. */
  title: string;
  /** Why (the session-ended message, or a sign-in failure). */
  message: string;
  /** Starts a new sign-in. */
  onSignIn: () => void;
}

/**
 * After a forced sign-out the console says why before sending anyone to the provider (which would
 * otherwise replace the message with its sign-in form at once).
 */
export function SignedOutScreen({ title, message, onSignIn }: SignedOutScreenProps) {
  return (
    <main style={{ height: '100vh', display: 'flex' }}>
      <NonIdealState
        icon={<LogIn size={48} />}
        title={title}
        description={<p role="alert">{message}</p>}
        action={<Button intent={Intent.PRIMARY} text="Sign in again" onClick={() => onSignIn()} />}
      />
    </main>
  );
}
