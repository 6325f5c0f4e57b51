import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export interface RouterAnchorButtonProps extends Omit<AnchorButtonProps, 'href' | 'onClick'> {
  /** The console path it leads to. */
  to: string;
}

/**
 * A Blueprint button that is a real link (middle-click, copy address) and navigates inside the app on
 * a plain click, without reloading the page.
 */
export function RouterAnchorButton({ to, ...props }: RouterAnchorButtonProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <AnchorButton {...props} href={to} onClick={follow} />;
}
