import { AnchorButton, Button, Card, H2, Intent } from '@blueprintjs/core';
import { DashboardIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import type { BiPortalButtonState } from '../../lib/bi-portal.js';

export interface BiPortalCardProps {
  /** What 'Launch My Portal' can do now (see biPortalButtonState). */
  button: BiPortalButtonState;
}

const LAUNCH = 'Launch My Portal';

/** The BI Portal card of the home page (spec sections 1 and 4). */
export function BiPortalCard({ button }: BiPortalCardProps) {
  const reasonId = useId();
  return (
    <Card className="meridian-home-card" elevation={1}>
      <DashboardIcon size={32} className="meridian-home-card-icon" aria-hidden />
      <H2>BI Portal</H2>
      <p>
        Dashboards for Market, Provider and Population Intelligence, depending on your organization&rsquo;s
        subscription.
      </p>
      {button.kind === 'disabled' && (
        <p id={reasonId} className="meridian-home-card-reason">
          {button.reason}
        </p>
      )}
      {button.kind === 'link' ? (
        <AnchorButton intent={Intent.PRIMARY} size="large" href={button.href} target="_blank" rel="noopener noreferrer">
          {LAUNCH}
        </AnchorButton>
      ) : (
        <Button
          intent={Intent.PRIMARY}
          size="large"
          loading={button.kind === 'loading'}
          disabled
          aria-describedby={button.kind === 'disabled' ? reasonId : undefined}
        >
          {LAUNCH}
        </Button>
      )}
    </Card>
  );
}
