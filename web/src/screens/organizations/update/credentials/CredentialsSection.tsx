import { Alert, Button, Callout, Classes, H2, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { KeyIcon, PlusIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { expiryText } from '../../../../lib/credential-expiry.js';
import { SecretDialog } from '../../../../components/SecretDialog.js';
import { useCreateOrganizationCredential, type CreatedCredential } from './useCreateOrganizationCredential.js';
import { useDisableOrganizationCredential } from './useDisableOrganizationCredential.js';
import { formatDate } from '../../../../lib/dates.js';

export const CredentialsSection_organization = graphql(`
  fragment CredentialsSection_organization on Organization {
    id
    name
    credentials {
      id
      enabled
      generatedAt
      daysToExpire
      createdBy
    }
  }
`);

export interface CredentialsSectionProps {
  organization: FragmentType<typeof CredentialsSection_organization>;
  readOnlyReason: string | null;
}

/**
 * The organization's own data-access credentials: create one (its secret shown once, never stored)
 * and disable one (confirmed: it cannot be enabled again).
 */
export function CredentialsSection({ organization, readOnlyReason }: CredentialsSectionProps) {
  const org = getFragmentData(CredentialsSection_organization, organization);
  const toasts = useToasts();
  const [create, creating] = useCreateOrganizationCredential();
  const [disable, disabling] = useDisableOrganizationCredential();
  // The secret lives here, in component state, until the dialog closes.
  const [created, setCreated] = useState<CreatedCredential | null>(null);
  const [toDisable, setToDisable] = useState<string | null>(null);
  const readOnly = readOnlyReason !== null;
  const newestFirst = [...org.credentials].sort((a, b) => String(b.generatedAt).localeCompare(String(a.generatedAt)));

  const createCredential = async () => {
    const outcome = await create(org.id);
    if (outcome.ok) setCreated(outcome.value);
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
  };

  const confirmDisable = async () => {
    if (!toDisable) return;
    const outcome = await disable(org.id, toDisable);
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `Credential ${toDisable} disabled.` });
      setToDisable(null);
    } else {
      toasts.show({ type: 'error', message: failureMessage(outcome) });
    }
  };

  return (
    <section aria-labelledby="credentials-heading">
      <div className="meridian-page-header">
        <H2 id="credentials-heading" className="meridian-section-heading">
          Credentials
        </H2>
        <Button
          intent={Intent.PRIMARY}
          icon={<PlusIcon />}
          loading={creating.loading}
          disabled={readOnly || creating.loading}
          title={readOnlyReason ?? undefined}
          onClick={() => void createCredential()}
        >
          Create credential
        </Button>
      </div>
      {readOnly && <Callout compact>{readOnlyReason} Creating and disabling credentials needs it.</Callout>}
      <p className={Classes.TEXT_MUTED}>
        The organization’s own data-access credentials (its users’ credentials are on their profiles). A credential
        expires 90 days after it is created.
      </p>
      {newestFirst.length === 0 ? (
        <NonIdealState
          icon={<KeyIcon />}
          title="No credentials yet"
          description={`${org.name} has no credentials of its own.`}
        />
      ) : (
        <HTMLTable striped className="meridian-organizations-table">
          <thead>
            <tr>
              <th scope="col">Credential</th>
              <th scope="col">State</th>
              <th scope="col">Created</th>
              <th scope="col">Expiry</th>
              <th scope="col">Created by</th>
              <th scope="col">
                <span className="meridian-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((credential) => (
              <tr key={credential.id}>
                <th scope="row">
                  <code>{credential.id}</code>
                </th>
                <td>
                  <Tag minimal intent={credential.enabled ? Intent.SUCCESS : Intent.NONE}>
                    {credential.enabled ? 'Enabled' : 'Disabled'}
                  </Tag>
                </td>
                <td>{formatDate(credential.generatedAt)}</td>
                <td>{credential.enabled ? expiryText(credential.daysToExpire) : '—'}</td>
                <td>{credential.createdBy}</td>
                <td>
                  {credential.enabled && (
                    <Button
                      size="small"
                      intent={Intent.DANGER}
                      variant="outlined"
                      disabled={readOnly}
                      title={readOnlyReason ?? undefined}
                      onClick={() => setToDisable(credential.id)}
                      aria-label={`Disable credential ${credential.id}`}
                    >
                      Disable
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={toDisable !== null}
        intent={Intent.DANGER}
        icon={<KeyIcon />}
        confirmButtonText="Disable credential"
        cancelButtonText="Cancel"
        loading={disabling.loading}
        onConfirm={() => void confirmDisable()}
        onCancel={() => setToDisable(null)}
        canEscapeKeyCancel={!disabling.loading}
      >
        <p>
          Disable credential <code>{toDisable}</code> of {org.name}? Whatever uses it stops working, and it cannot be
          enabled again.
        </p>
      </Alert>
      <SecretDialog
        secret={created?.secret ?? null}
        owner={
          <>
            the new credential <code>{created?.id}</code> of <strong>{org.name}</strong>
          </>
        }
        onClose={() => {
          setCreated(null);
          creating.forget();
        }}
      />
    </section>
  );
}
