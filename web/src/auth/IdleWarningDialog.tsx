import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useAuthSession, useIdleWarning } from './auth-session.js';

/** A minute before the idle sign-out: say so, count down, and offer to stay. */
export function IdleWarningDialog() {
  const { secondsLeft, stayActive } = useIdleWarning();
  const { signOut } = useAuthSession();
  return (
    <Dialog
      isOpen={secondsLeft !== null}
      title="Are you still there?"
      onClose={stayActive}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      <DialogBody>
        <p role="timer" aria-live="polite">
          You will be signed out in {secondsLeft ?? 0} second{secondsLeft === 1 ? '' : 's'} because there has been no
          activity.
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Sign out" onClick={() => void signOut()} />
            <Button intent={Intent.PRIMARY} text="Stay signed in" onClick={stayActive} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
