import { Callout, Intent } from '@blueprintjs/core';
import { ErrorIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { CSSProperties, ReactNode } from 'react';

export interface NoticeProps {
  /** success is announced politely (status); warning and danger at once (alert). */
  kind: 'success' | 'warning' | 'danger';
  children: ReactNode;
  style?: CSSProperties;
}

const INTENT = { success: Intent.SUCCESS, warning: Intent.WARNING, danger: Intent.DANGER } as const;
// Icon components, never names: a Callout left to pick its intent's icon by name loads Blueprint's
// whole icon set (stack.md).
const ICON = { success: <TickCircleIcon />, warning: <WarningSignIcon />, danger: <ErrorIcon /> } as const;

/** A message above or instead of a password form. */
export function Notice({ kind, children, style }: NoticeProps) {
  return (
    <Callout intent={INTENT[kind]} icon={ICON[kind]} role={kind === 'success' ? 'status' : 'alert'} style={style}>
      {children}
    </Callout>
  );
}
