import { Classes, Intent } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { useQuery } from '@apollo/client/react';
import { isFailing } from './webhook-view.js';
import { OrganizationWebhooksDocument } from './webhooks-query.js';

export interface WebhooksTabTitleProps {
  organizationId: string;
}

/** What the tab's title adds when an endpoint was paused for failing, for a screen reader as for the eye. */
export const FAILING_TAB_WARNING = 'an endpoint is failing';

/**
 * The Webhooks tab's title, with a warning while an endpoint the platform paused for failing waits to be
 * fixed and resumed: how an organization's admins are told, whichever tab they are on. It reads the
 * section's own query (from the cache when the section has read it), so resuming clears it at once.
 */
export function WebhooksTabTitle({ organizationId }: WebhooksTabTitleProps) {
  const { data } = useQuery(OrganizationWebhooksDocument, { variables: { id: organizationId } });
  const failing = data?.organization?.webhooks.some(isFailing) ?? false;
  if (!failing) return <>Webhooks</>;
  return (
    <span className="meridian-tab-warning" title={`Webhooks: ${FAILING_TAB_WARNING}`}>
      Webhooks <WarningSignIcon className={Classes.intentClass(Intent.WARNING)} aria-hidden />
      <span className="meridian-visually-hidden"> ({FAILING_TAB_WARNING})</span>
    </span>
  );
}
