import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DuplicateIcon, KeyIcon, TickIcon } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import { useToasts } from './toasts/useToasts.js';
import './secret-dialog.css';

export interface SecretDialogProps {
  /** The new credential's secret; null closes the dialog. Held in component state only, never stored. */
  secret: string | null;
  /** Whose credential it is, read after "The secret of": "the new credential of pat@acme.test". */
  owner: ReactNode;
  /** The person is done: the caller forgets the secret. */
  onClose: () => void;
}

export const COPIED_MESSAGE = 'The secret was copied to the clipboard.';
export const COPY_FAILED_MESSAGE = 'The browser did not allow copying. Select the secret and copy it.';

/**
 * Shows a new credential's secret this one time, with a copy button (users' and organizations'
 * credentials alike). Until it is copied only the footer's button closes it, saying what closing
 * means: Escape, an outside click or a close icon would lose the secret for good, since it is in no
 * cache and no storage and cannot be shown again (decisions.md).
 */
export function SecretDialog({ secret, owner, onClose }: SecretDialogProps) {
  const toasts = useToasts();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      // The toast says it was copied; it never carries the secret itself.
      toasts.show({ type: 'success', message: COPIED_MESSAGE });
    } catch {
      toasts.show({ type: 'error', message: COPY_FAILED_MESSAGE });
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      isOpen={secret !== null}
      title="Credential created"
      icon={<KeyIcon />}
      onClose={close}
      isCloseButtonShown={copied}
      canEscapeKeyClose={copied}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>The secret of {owner}:</p>
        <div className="meridian-secret">
          <pre className={`${Classes.CODE_BLOCK} meridian-secret-value`} aria-label="Credential secret" tabIndex={0}>
            {secret}
          </pre>
          <Button icon={copied ? <TickIcon /> : <DuplicateIcon />} onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        </div>
        <Callout intent={Intent.WARNING} title="Copy it now">
          This is the only time it is shown. It is not stored anywhere it could be read again; if it is lost, create a
          new credential.
        </Callout>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={close}>
            {copied ? 'Done' : 'Close without copying'}
          </Button>
        }
      />
    </Dialog>
  );
}
