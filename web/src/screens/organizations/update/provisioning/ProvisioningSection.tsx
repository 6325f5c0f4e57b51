import { Button, Classes, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { KeyIcon, PlusIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useFreshQuery } from '../../../../apollo/useFreshQuery.js';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { failureMessage } from '../../../../components/mutation-outcome.js';
import { SecretDialog } from '../../../../components/SecretDialog.js';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { formatDate, formatDateTime } from '../../../../lib/dates.js';
import { SettingsSection } from '../SettingsSection.js';
import { DirectoryHelp } from './DirectoryHelp.js';
import { NewScimTokenDialog } from './NewScimTokenDialog.js';
import { OrganizationProvisioningDocument } from './provisioning-query.js';
import { ScimBaseUrl } from './ScimBaseUrl.js';
import type { NewScimToken } from './scim-token-secret.js';
import { useCreateScimToken } from './useCreateScimToken.js';
import { useRevokeScimToken } from './useRevokeScimToken.js';
import { useRotateScimToken } from './useRotateScimToken.js';

export interface ProvisioningSectionProps {
  organizationId: string;
  /** Why the reader may see the tokens but not create, rotate or revoke them; null when they may. */
  readOnlyReason: string | null;
}

/** A token of the list, as the section reads it. */
interface TokenRow {
  id: string;
  label: string;
}

/**
 * The organization's directory provisioning (SCIM 2.0): the base URL its directory calls, and the tokens
 * it calls with. A new or rotated token shows once, in the console's secret dialog, with the base URL
 * beside it; only its last four characters are listed afterwards. Rotating replaces a token under the
 * same label (the old one stops working at once); revoking ends one. Shown to whoever the table's
 * scimTokens allows (whoever reads the organization); its actions only to those createScimToken allows
 * (operators and the organization's Org Admins): a read-only operator sees the tokens without them.
 */
export function ProvisioningSection({ organizationId, readOnlyReason }: ProvisioningSectionProps) {
  const readOnly = readOnlyReason !== null;
  const toasts = useToasts();
  const { data, loading, error, refetch } = useFreshQuery(OrganizationProvisioningDocument, {
    variables: { id: organizationId },
  });
  const [create, creating] = useCreateScimToken();
  const [rotate, rotating] = useRotateScimToken();
  const [revoke, revoking] = useRevokeScimToken();
  const [choosing, setChoosing] = useState(false);
  // The token lives here, in component state, until the dialog closes.
  const [shown, setShown] = useState<NewScimToken | null>(null);
  const [toRotate, setToRotate] = useState<TokenRow | null>(null);
  const [toRevoke, setToRevoke] = useState<TokenRow | null>(null);
  const organization = data?.organization;
  const name = organization?.name ?? organizationId;

  const createToken = async (label: string) => {
    const outcome = await create(organizationId, label);
    // A refusal stays in the label dialog, next to the field it names.
    if (outcome.ok) {
      setChoosing(false);
      setShown(outcome.value);
    }
    return outcome;
  };

  const confirmRotate = async () => {
    if (!toRotate) return;
    const outcome = await rotate(organizationId, toRotate.id);
    setToRotate(null);
    if (outcome.ok) setShown(outcome.value);
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
  };

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const outcome = await revoke(organizationId, toRevoke.id);
    if (outcome.ok) toasts.show({ type: 'success', message: `SCIM token ${toRevoke.label} revoked.` });
    else toasts.show({ type: 'error', message: failureMessage(outcome) });
    setToRevoke(null);
  };

  const action = !readOnly && (
    <Button
      intent={Intent.PRIMARY}
      icon={<PlusIcon />}
      loading={creating.loading}
      disabled={!organization || creating.loading}
      onClick={() => setChoosing(true)}
    >
      New token
    </Button>
  );

  return (
    <SettingsSection
      id="provisioning"
      title="Provisioning"
      action={action}
      intro={
        <>
          A customer’s directory (Microsoft Entra ID, Okta…) creates, changes and deactivates this organization’s users
          over SCIM 2.0, with a token made here. Each token is shown once; only its last four characters are kept in
          view.
        </>
      }
      query={{ loaded: Boolean(organization), loading, error, refetch }}
      failedTitle="The provisioning settings could not be loaded"
      skeleton={
        <>
          <p className={Classes.SKELETON}>SCIM base URL</p>
          <div className={Classes.SKELETON} style={{ height: 160 }} />
        </>
      }
      list={
        organization && (
          <>
            <ScimBaseUrl url={organization.scimBaseUrl} />
            {organization.scimTokens.length === 0 ? (
              <NonIdealState
                icon={<KeyIcon />}
                title="No SCIM tokens yet"
                description={
                  readOnly
                    ? `${organization.name}’s users are not provisioned by a directory.`
                    : `Create one for the directory that provisions ${organization.name}’s users.`
                }
              />
            ) : (
              <HTMLTable striped className="meridian-organizations-table" aria-label="SCIM tokens">
                <thead>
                  <tr>
                    <th scope="col">Label</th>
                    <th scope="col">Token</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Status</th>
                    {!readOnly && (
                      <th scope="col">
                        <span className="meridian-visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {organization.scimTokens.map((token) => {
                    const active = token.revokedAt == null;
                    return (
                      <tr key={token.id}>
                        <th scope="row">{token.label}</th>
                        <td>
                          <code title={`The token ends in ${token.hint}`}>…{token.hint}</code>
                        </td>
                        <td>
                          {formatDate(token.createdAt)} by {token.createdBy}
                        </td>
                        <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
                        <td>
                          <Tag minimal intent={active ? Intent.SUCCESS : Intent.NONE}>
                            {active ? 'Active' : 'Revoked'}
                          </Tag>
                        </td>
                        {!readOnly && (
                          <td>
                            {active && (
                              <>
                                <Button
                                  size="small"
                                  variant="outlined"
                                  onClick={() => setToRotate(token)}
                                  aria-label={`Rotate SCIM token ${token.label}`}
                                >
                                  Rotate
                                </Button>{' '}
                                <Button
                                  size="small"
                                  intent={Intent.DANGER}
                                  variant="outlined"
                                  onClick={() => setToRevoke(token)}
                                  aria-label={`Revoke SCIM token ${token.label}`}
                                >
                                  Revoke
                                </Button>
                              </>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            )}
          </>
        )
      }
    >
      <DirectoryHelp />
      <NewScimTokenDialog
        isOpen={choosing}
        organizationName={name}
        onCreate={createToken}
        onClose={() => setChoosing(false)}
        loading={creating.loading}
      />
      <ConfirmDialog
        isOpen={toRotate !== null}
        title="Rotate this SCIM token?"
        confirmLabel="Rotate token"
        intent={Intent.WARNING}
        loading={rotating.loading}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setToRotate(null)}
      >
        <p>
          A new token replaces {toRotate?.label} at once: the directory stops provisioning until the new one is entered
          in its settings.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={toRevoke !== null}
        title="Revoke this SCIM token?"
        confirmLabel="Revoke token"
        loading={revoking.loading}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setToRevoke(null)}
      >
        <p>
          The directory using {toRevoke?.label} can no longer reach {name}’s users. It cannot be undone: create a new
          token to provision again.
        </p>
      </ConfirmDialog>
      <SecretDialog
        noun="SCIM token"
        secret={shown?.token ?? null}
        owner={
          <>
            the new SCIM token <strong>{shown?.label}</strong> of <strong>{name}</strong>, for the base URL{' '}
            <code>{shown?.baseUrl}</code> (in Entra ID the Secret Token beside the Tenant URL; in Okta the HTTP Header
            token beside the SCIM connector base URL)
          </>
        }
        onClose={() => setShown(null)}
      />
    </SettingsSection>
  );
}
