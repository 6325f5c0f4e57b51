import { Card, Classes, H3 } from '@blueprintjs/core';
import { useId } from 'react';
import { CopyableValue } from '../../../../components/CopyableValue.js';
import type { SsoProtocol } from '../../../../gql/graphql.js';

/** Meridian's side of a connection, as the gateway answers it whether or not one is saved. */
export interface ServiceProviderSettings {
  redirectUri: string;
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

/** What was read from the saved SAML connection's metadata, to check it is the right provider. */
export interface ReadFromMetadata {
  idpEntityId?: string | null;
  idpSsoUrl?: string | null;
}

export interface IdentityProviderNeedsProps {
  /** The protocol being edited (the form's, saved or not): its values are the ones shown. */
  protocol: SsoProtocol;
  serviceProvider: ServiceProviderSettings;
  /** The saved SAML connection's identity provider, when the saved connection is SAML; else null. */
  savedSaml: ReadFromMetadata | null;
}

/**
 * "What your identity provider needs": the values the customer's IT enters on their side for the
 * protocol being edited (OIDC: the redirect URI; SAML: Meridian's entity id, ACS URL and metadata), each
 * with a Copy button. They are Meridian's own, known before anything is saved (issue 39), so IT can
 * register Meridian first and fill the form with what their provider then gives. For a saved SAML
 * connection it also says what was read from the metadata, so they can check it is the right provider.
 */
export function IdentityProviderNeeds({ protocol, serviceProvider, savedSaml }: IdentityProviderNeedsProps) {
  const headingId = useId();
  return (
    <Card compact>
      <section aria-labelledby={headingId}>
        <H3 id={headingId}>What your identity provider needs</H3>
        {protocol === 'OIDC' ? (
          <CopyableValue
            label="Redirect URI"
            value={serviceProvider.redirectUri}
            copyLabel="Copy redirect URI"
            copiedMessage="The redirect URI was copied to the clipboard."
            helperText="Register it at your provider as the redirect (reply) URI of Meridian’s application, web platform."
          />
        ) : (
          <>
            <CopyableValue
              label="Entity id (audience)"
              value={serviceProvider.entityId}
              copyLabel="Copy entity id"
              copiedMessage="The entity id was copied to the clipboard."
              helperText="The identifier of Meridian’s application at your identity provider."
            />
            <CopyableValue
              label="ACS URL (reply URL)"
              value={serviceProvider.acsUrl}
              copyLabel="Copy ACS URL"
              copiedMessage="The ACS URL was copied to the clipboard."
              helperText="Where your identity provider posts its responses (HTTP-POST binding)."
            />
            <CopyableValue
              label="Service provider metadata"
              value={serviceProvider.metadataUrl}
              copyLabel="Copy service provider metadata URL"
              copiedMessage="The metadata URL was copied to the clipboard."
              helperText="For identity providers that import Meridian’s settings from a URL."
            />
            {savedSaml?.idpEntityId && (
              <p className={Classes.TEXT_MUTED}>
                Read from your metadata: identity provider <code>{savedSaml.idpEntityId}</code>
                {savedSaml.idpSsoUrl && (
                  <>
                    , signing in at <code>{savedSaml.idpSsoUrl}</code>
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
