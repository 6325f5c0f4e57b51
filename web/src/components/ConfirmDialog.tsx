import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** The question, as a title: "Sign out everywhere?" */
  title: string;
  /** What follows, in a plain sentence or two. */
  children: ReactNode;
  /** The confirming button's words, the action itself: "Sign out everywhere". */
  confirmLabel: string;
  /** DANGER for what cannot be undone. */
  intent?: Intent;
  icon?: React.JSX.Element;
  /** The action is under way: the dialog stays until it ends. */
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A confirmation before an action that cannot be taken back: a title that asks, a sentence of what
 * follows, Cancel and the action named on its button (the users list's bulk changes, sessions and second factors use it).
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  intent = Intent.DANGER,
  icon,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      title={title}
      icon={icon}
      onClose={loading ? undefined : onCancel}
      canOutsideClickClose={false}
    >
      <DialogBody>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button variant="minimal" onClick={onCancel} disabled={loading}>
              Cancel
            </Button>
            <Button intent={intent} loading={loading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
