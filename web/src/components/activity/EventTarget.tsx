import { CredentialLink, OrganizationLink, UserLink } from '../entity-links.js';
import { managedProvidersPath } from '../../routes/paths.js';
import { RouteLink } from '../RouteLink.js';
import type { ActivityEventFields } from './event-words.js';

/** The owner a credential event names: a create records userEmail; a disable names only the id. */
function credentialOwner(event: ActivityEventFields): string | null | undefined {
  const change = event.changes.find((entry) => entry.field === 'userEmail');
  if (!change) return undefined;
  const email = change.after ?? change.before;
  // The gateway sends values as text: JSON null reads "null".
  return email && email !== 'null' ? email : null;
}

/** What an event is about, leading to its page when the reader may open it: an organization, a user, a credential's owner. */
export function EventTarget({ event }: { event: ActivityEventFields }) {
  const targetId = event.targetId!;
  const organizationId = event.organizationId;
  switch (event.targetType) {
    case 'ORGANIZATION':
      return <OrganizationLink organizationId={targetId} />;
    case 'USER':
      return organizationId ? <UserLink organizationId={organizationId} email={targetId} /> : <>{targetId}</>;
    case 'CREDENTIAL':
      return organizationId ? (
        <CredentialLink id={targetId} organizationId={organizationId} userEmail={credentialOwner(event)} />
      ) : (
        <>{targetId}</>
      );
    case 'PROVIDER':
    case 'PROVIDER_BATCH':
      return organizationId ? (
        <RouteLink
          route="managedProviders"
          params={{ orgId: organizationId }}
          to={managedProvidersPath(organizationId)}
        >
          {targetId}
        </RouteLink>
      ) : (
        <>{targetId}</>
      );
    default:
      return <>{targetId}</>;
  }
}
