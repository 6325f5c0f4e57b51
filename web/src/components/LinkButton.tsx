import { Classes, Intent } from '@blueprintjs/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  /** The console path it leads to. */
  to: string;
  children: ReactNode;
  icon?: ReactNode;
  intent?: Intent;
  /** Blueprint's button looks: filled (the default), borderless or outlined. */
  variant?: 'solid' | 'minimal' | 'outlined';
  size?: 'small' | 'medium';
  /** Shown greyed out and not followed (e.g. Cancel while a form is being sent). */
  disabled?: boolean;
  /** The accessible name when the text alone is ambiguous ("Users of Acme Health"). */
  'aria-label'?: string;
  /** A tooltip: the text, where a narrow list shows the icon alone. */
  title?: string;
}

const VARIANT_CLASS = { solid: null, minimal: Classes.MINIMAL, outlined: Classes.OUTLINED } as const;

/**
 * A router link that looks like a Blueprint button. It navigates, so it is a link to assistive
 * technology, and middle-click, open in a new tab and copy address work (Blueprint's AnchorButton
 * would announce a button).
 */
export function LinkButton({
  to,
  children,
  icon,
  intent = Intent.NONE,
  variant = 'solid',
  size = 'medium',
  disabled = false,
  ...labels
}: LinkButtonProps) {
  const className = [
    Classes.BUTTON,
    VARIANT_CLASS[variant],
    size === 'small' && Classes.SMALL,
    intent !== Intent.NONE && Classes.intentClass(intent),
    disabled && Classes.DISABLED,
  ]
    .filter(Boolean)
    .join(' ');
  const stayWhenDisabled = (event: MouseEvent) => {
    if (disabled) event.preventDefault();
  };
  return (
    <Link
      to={to}
      className={className}
      onClick={stayWhenDisabled}
      {...(disabled ? { 'aria-disabled': true, tabIndex: -1 } : {})}
      {...labels}
    >
      {icon}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </Link>
  );
}
