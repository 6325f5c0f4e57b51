import { Classes, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  to: string;
  children: ReactNode;
  icon?: ReactNode;
  intent?: Intent;
  minimal?: boolean;
  small?: boolean;
  /** The accessible name when the text alone is ambiguous ("Users of Acme Health"). */
  'aria-label'?: string;
  /** A tooltip: the text, where a narrow list shows the icon alone. */
  title?: string;
}

/**
 * A router link that looks like a Blueprint button: it navigates (a link to assistive technology, open
 * in a new tab works) where Blueprint's AnchorButton would announce a button.
 */
export function LinkButton({ to, children, icon, intent, minimal = false, small = false, ...aria }: LinkButtonProps) {
  const classes = [
    Classes.BUTTON,
    minimal && Classes.MINIMAL,
    small && Classes.SMALL,
    intent && intent !== Intent.NONE && Classes.intentClass(intent),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes} {...aria}>
      {icon}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </Link>
  );
}
