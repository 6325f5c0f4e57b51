import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DuplicateIcon, KeyIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';

export interface SecretDialogProps {
  /** The new credential's secret; null closes the dialog. Held in component state only, never stored. */
  secret: string | null;
  /** The user it belongs to, for the heading. */
  email: string;
  /** The person is done: the caller forgets the secret. */
  onClose: () => void;
}

/**
 * Shows a new credential's secret this one time, with a copy button. Closing it forgets the secret:
 * it is in no cache and no storage, so it cannot be shown again (decisions.md).
 */
export function SecretDialog({ secret, email, onClose }: SecretDialogProps) {
  const toasts = useToasts();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      // The toast says it was copied; it never carries the secret itself.
      toasts.show({ type: 'success', message: 'The secret was copied to the clipboard.' });
    } catch {
      toasts.show({ type: 'error', message: 'The browser did not allow copying. Select the secret and copy it.' });
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      isOpen={secret !== null}
      title="New credential created"
      icon={<KeyIcon />}
      onClose={close}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>
          The secret of the new credential of <strong>{email}</strong>:
        </p>
        <pre className={`${Classes.CODE_BLOCK} meridian-secret-value`} aria-label="Credential secret" tabIndex={0}>
          {secret}
        </pre>
        <Callout intent={Intent.WARNING} title="Copy it now">
          This is the only time it is shown. It is not stored anywhere it could be read again; if it is lost, create a
          new credential.
        </Callout>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon={<DuplicateIcon />} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
            <Button intent={Intent.PRIMARY} onClick={close}>
              Done
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
