import { Alert, Button, Callout, Classes, H2, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { KeyIcon, PlusIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { expiryText } from '../../../../lib/credential-expiry.js';
import { SecretDialog } from '../../../../components/SecretDialog.js';
import { CreateCredentialDialog, type CredentialChoices } from '../../../../components/CreateCredentialDialog.js';
import { CredentialLabel } from '../../../../components/CredentialLabel.js';
import { useCreateOrganizationCredential, type CreatedCredential } from './useCreateOrganizationCredential.js';
import { useDisableOrganizationCredential } from './useDisableOrganizationCredential.js';
import { formatDate } from '../../../../lib/dates.js';
import { useRuntimeConfig } from '../../../../config/runtime.js';
import { useSessionUser } from '../../../../session/useSessionUser.js';
import { credentialsAdviceOf } from '../update-access.js';

export const CredentialsSection_organization = graphql(`
  fragment CredentialsSection_organization on Organization {
    id
    name
    credentials {
      id
      name
      enabled
      generatedAt
      expiresAt
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
  const [choosing, setChoosing] = useState(false);
  const [toDisable, setToDisable] = useState<{ id: string; name?: string | null } | null>(null);
  const readOnly = readOnlyReason !== null;
  const { user } = useSessionUser();
  const { productName } = useRuntimeConfig();
  const advice = user && credentialsAdviceOf(user, productName);
  const newestFirst = [...org.credentials].sort((a, b) => String(b.generatedAt).localeCompare(String(a.generatedAt)));

  const createCredential = async (choices: CredentialChoices) => {
    const outcome = await create(org.id, choices);
    // A refusal stays in the choices dialog, next to the field it names.
    if (outcome.ok) {
      setChoosing(false);
      setCreated(outcome.value);
    }
    return outcome;
  };

  const confirmDisable = async () => {
    if (!toDisable) return;
    const outcome = await disable(org.id, toDisable.id);
    if (outcome.ok) {
      toasts.show({ type: 'success', message: `Credential ${toDisable.name ?? toDisable.id} disabled.` });
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
          onClick={() => setChoosing(true)}
        >
          Create credential
        </Button>
      </div>
      {readOnly && advice && (
        <Callout compact>
          {advice.who}{' '}
          {advice.ownCredentialsPath && (
            <>
              For a credential of your own, go to{' '}
              <Link to={advice.ownCredentialsPath}>your profile’s Credentials tab</Link> (if direct data access is off
              for you, turn it on first under your profile’s General tab).
            </>
          )}
        </Callout>
      )}
      <p className={Classes.TEXT_MUTED}>
        The organization’s own data-access credentials (its users’ credentials are on their profiles). Name each for
        what uses it; it expires after the days chosen when it is created, 90 at most.
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
                  <CredentialLabel credential={credential} />
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
                      onClick={() => setToDisable(credential)}
                      aria-label={`Disable credential ${credential.name ?? credential.id}`}
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
          Disable credential {toDisable && <CredentialLabel credential={toDisable} />} of {org.name}? Whatever uses it
          stops working, and it cannot be enabled again.
        </p>
      </Alert>
      <CreateCredentialDialog
        isOpen={choosing}
        owner={org.name}
        onCreate={createCredential}
        onClose={() => setChoosing(false)}
        loading={creating.loading}
      />
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
