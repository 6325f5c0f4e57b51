import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DuplicateIcon, KeyIcon, TickIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import type { CreatedCredential } from './useCreateOrganizationCredential.js';

export interface SecretDialogProps {
  /** The credential just created with its secret; null when nothing is shown. */
  created: CreatedCredential | null;
  /** The user is done: the caller forgets the secret. */
  onClose: () => void;
}

export const COPY_FAILED_MESSAGE = 'The secret could not be copied. Select it and copy it by hand.';

/**
 * Shows a new credential's secret this once, with a copy button. Only the close button closes it (a
 * stray click or Escape would lose the secret for good); once closed the secret is gone.
 */
export function SecretDialog({ created, onClose }: SecretDialogProps) {
  const toasts = useToasts();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toasts.show({ type: 'success', message: 'Secret copied to the clipboard.' });
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
      isOpen={created !== null}
      title="Credential created"
      icon={<KeyIcon />}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <Callout intent={Intent.WARNING}>
          Copy the secret now. This is the only time it is shown: it is not stored anywhere it could be read again.
        </Callout>
        <p>
          Credential <code>{created?.id}</code>
        </p>
        <div className="meridian-secret">
          <code aria-label="Secret">{created?.secret}</code>
          <Button icon={copied ? <TickIcon /> : <DuplicateIcon />} onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        </div>
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
