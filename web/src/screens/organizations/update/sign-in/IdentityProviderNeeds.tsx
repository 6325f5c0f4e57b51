import { Card, Classes, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import type { SsoProtocol } from '../../../../gql/graphql.js';

/** What a saved connection tells the customer's IT, as the gateway answers it. */
export interface SavedConnection {
  protocol: SsoProtocol;
  redirectUri?: string | null;
  spEntityId?: string | null;
  acsUrl?: string | null;
  spMetadataUrl?: string | null;
  idpEntityId?: string | null;
  idpSsoUrl?: string | null;
}

export interface IdentityProviderNeedsProps {
  connection: SavedConnection;
}

interface ReadOnlyValueProps {
  label: string;
  value: string;
  helperText: string;
}

/** A value to copy into another system: selectable whole on focus, never editable. */
function ReadOnlyValue({ label, value, helperText }: ReadOnlyValueProps) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      <InputGroup
        id={id}
        value={value}
        readOnly
        className={Classes.MONOSPACE_TEXT}
        onFocus={(event) => event.currentTarget.select()}
      />
    </FormGroup>
  );
}

/**
 * "What your identity provider needs": the values the customer's IT enters on their side, from the
 * saved connection (OIDC: the redirect URI; SAML: Meridian's entity id, ACS URL and metadata), and for
 * SAML what was read from their metadata, so they can check it is the right provider.
 */
export function IdentityProviderNeeds({ connection }: IdentityProviderNeedsProps) {
  const headingId = useId();
  return (
    <Card compact>
      <section aria-labelledby={headingId}>
        <H3 id={headingId}>What your identity provider needs</H3>
        {connection.protocol === 'OIDC' ? (
          connection.redirectUri && (
            <ReadOnlyValue
              label="Redirect URI"
              value={connection.redirectUri}
              helperText="Register it at your provider as the redirect (reply) URI of Meridian’s application, web platform."
            />
          )
        ) : (
          <>
            {connection.spEntityId && (
              <ReadOnlyValue
                label="Entity id (audience)"
                value={connection.spEntityId}
                helperText="The identifier of Meridian’s application at your identity provider."
              />
            )}
            {connection.acsUrl && (
              <ReadOnlyValue
                label="ACS URL (reply URL)"
                value={connection.acsUrl}
                helperText="Where your identity provider posts its responses (HTTP-POST binding)."
              />
            )}
            {connection.spMetadataUrl && (
              <ReadOnlyValue
                label="Service provider metadata"
                value={connection.spMetadataUrl}
                helperText="For identity providers that import Meridian’s settings from a URL."
              />
            )}
            {connection.idpEntityId && (
              <p className={Classes.TEXT_MUTED}>
                Read from your metadata: identity provider <code>{connection.idpEntityId}</code>
                {connection.idpSsoUrl && (
                  <>
                    , signing in at <code>{connection.idpSsoUrl}</code>
                  </>
                )}
                .
              </p>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
