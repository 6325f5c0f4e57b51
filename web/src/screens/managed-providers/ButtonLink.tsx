import { Classes, Intent } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

export interface ButtonLinkProps {
  to: string;
  children: string;
  icon?: ReactElement;
  intent?: Intent;
  /** Blueprint's minimal (borderless) look. */
  minimal?: boolean;
}

/** A router link that looks like a Blueprint button: it navigates, so it is a link (new tab, copy address). */
export function ButtonLink({ to, children, icon, intent = Intent.NONE, minimal = false }: ButtonLinkProps) {
  const classes = [Classes.BUTTON, Classes.intentClass(intent), minimal ? Classes.MINIMAL : ''].filter(Boolean);
  return (
    <Link to={to} className={classes.join(' ')}>
      {icon && <span className={Classes.ICON}>{icon}</span>}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </Link>
  );
}
