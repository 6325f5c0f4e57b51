import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DuplicateIcon, KeyIcon, TickIcon } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import './secret-dialog.css';

export interface SecretDialogProps {
  /** The new credential's secret; null closes the dialog. Held in component state only, never stored. */
  secret: string | null;
  /** Whose credential it is, read after "The secret of": "the new credential of pat@acme.test". */
  owner: ReactNode;
  /** The person is done: the caller forgets the secret. */
  onClose: () => void;
  /** What the secret belongs to, in the dialog's words ("credential" unless said: "SCIM token"). */
  noun?: string;
}

export const COPIED_MESSAGE = 'The secret was copied to the clipboard.';
export const COPY_FAILED_MESSAGE = 'The browser did not allow copying. Select the secret and copy it.';
export const CLOSE_UNCOPIED_QUESTION = 'Close without copying? The secret cannot be shown again.';

type CopyState = 'not-copied' | 'copied' | 'failed';

/**
 * Shows a new credential's secret this one time (users' and organizations' credentials alike). Copying
 * is the primary action; closing without copying is the quiet one and asks once more, since the secret
 * is in no cache and no storage and cannot be shown again (decisions.md). Until it is copied, Escape, an
 * outside click or a close icon do nothing. What copying did is said inside the dialog, not in a toast:
 * a toast sits above every overlay and would cover the dialog's top.
 */
export function SecretDialog({ secret, owner, onClose, noun = 'credential' }: SecretDialogProps) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const [copy, setCopy] = useState<CopyState>('not-copied');
  const [confirmingClose, setConfirmingClose] = useState(false);
  const copied = copy === 'copied';

  const copySecret = async () => {
    if (!secret) return;
    setConfirmingClose(false);
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  const close = () => {
    setCopy('not-copied');
    setConfirmingClose(false);
    onClose();
  };

  const actions = copied ? (
    <>
      <Button variant="minimal" icon={<TickIcon />} onClick={() => void copySecret()}>
        Copied
      </Button>
      <Button intent={Intent.PRIMARY} onClick={close} autoFocus>
        Done
      </Button>
    </>
  ) : confirmingClose ? (
    <>
      <Button variant="minimal" onClick={() => setConfirmingClose(false)} autoFocus>
        Keep it open
      </Button>
      <Button intent={Intent.DANGER} variant="outlined" onClick={close}>
        Close and lose the secret
      </Button>
    </>
  ) : (
    <>
      <Button variant="minimal" onClick={() => setConfirmingClose(true)}>
        Close without copying
      </Button>
      <Button intent={Intent.PRIMARY} icon={<DuplicateIcon />} onClick={() => void copySecret()} autoFocus>
        Copy secret
      </Button>
    </>
  );

  return (
    <Dialog
      isOpen={secret !== null}
      title={`${Noun} created`}
      icon={<KeyIcon />}
      onClose={close}
      isCloseButtonShown={copied}
      canEscapeKeyClose={copied}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>The secret of {owner}:</p>
        <pre className={`${Classes.CODE_BLOCK} meridian-secret-value`} aria-label={`${Noun} secret`} tabIndex={0}>
          {secret}
        </pre>
        <p role="status" className="meridian-secret-status">
          {copy === 'copied' ? COPIED_MESSAGE : copy === 'failed' ? COPY_FAILED_MESSAGE : ''}
        </p>
        {confirmingClose ? (
          <Callout intent={Intent.DANGER} title={CLOSE_UNCOPIED_QUESTION}>
            Whatever needs this {noun} will not get its secret; you would have to create a new {noun}.
          </Callout>
        ) : (
          <Callout intent={Intent.WARNING} title="Copy it now">
            This is the only time it is shown. It is not stored anywhere it could be read again; if it is lost, create a
            new {noun}.
          </Callout>
        )}
      </DialogBody>
      <DialogFooter actions={actions} />
    </Dialog>
  );
}
