import { Card, H3 } from '@blueprintjs/core';
import { useId } from 'react';

/** What to enter in Entra ID and in Okta: their own names for the base URL and the token. */
export function DirectoryHelp() {
  const headingId = useId();
  return (
    <Card compact>
      <section aria-labelledby={headingId}>
        <H3 id={headingId}>What your directory needs</H3>
        <p>
          <strong>Microsoft Entra ID</strong>: in the enterprise application’s Provisioning, choose Automatic mode,
          enter the SCIM base URL as <em>Tenant URL</em> and the token as <em>Secret Token</em>, then Test Connection.
        </p>
        <p>
          <strong>Okta</strong>: in the app’s Provisioning integration, enter the SCIM base URL as{' '}
          <em>SCIM connector base URL</em>, <code>userName</code> as the unique identifier field, and choose{' '}
          <em>HTTP Header</em> authentication with the token as its Bearer token.
        </p>
        <p>
          A token reaches only this organization’s users. People keep the organization’s rules: its email domains, user
          limit and seats, and its last Org Admin.
        </p>
      </section>
    </Card>
  );
}
