import { Alert, Button, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { AddIcon, KeyIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useToasts } from '../../../../components/toasts/useToasts.js';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import type { SessionUser } from '../../../../session/session-user.js';
import { scalarText } from '../../shared/user-fields.js';
import { credentialCreationRefusal, credentialManagementRefusal } from './credential-access.js';
import { newestFirst, type CredentialEntry } from './credential-expiry.js';
import { CredentialsTable } from './CredentialsTable.js';
import { CredentialLabel } from '../../../../components/CredentialLabel.js';
import { SecretDialog } from '../../../../components/SecretDialog.js';
import { CreateCredentialDialog, type CredentialChoices } from '../../../../components/CreateCredentialDialog.js';
import { useCreateUserCredential } from './useCreateUserCredential.js';
import { useDisableUserCredential } from './useDisableUserCredential.js';

export const CredentialsSectionUserFragment = graphql(`
  fragment CredentialsSection_user on User {
    email
    active
    directDataAccessEnabled
    dataAccessInfo {
      id
      name
      active
      generatedAt
      expiresAt
      daysToExpire
    }
  }
`);

export interface CredentialsSectionProps {
  user: FragmentType<typeof CredentialsSectionUserFragment>;
  actor: SessionUser;
}

/**
 * The profile's credentials page: the user's data-access credentials with their countdown to expiry;
 * create (the secret shown once) and disable (confirmed; for good), each subject to data-access
 * management (decisions.md), disabled with the reason otherwise.
 */
export function CredentialsSection({ user: data, actor }: CredentialsSectionProps) {
  const user = getFragmentData(CredentialsSectionUserFragment, data);
  const email = scalarText(user.email);
  const toasts = useToasts();
  const [create, { loading: creating }] = useCreateUserCredential(email);
  const [disable, { loading: disabling }] = useDisableUserCredential(email);
  const [choosing, setChoosing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [toDisable, setToDisable] = useState<CredentialEntry | null>(null);

  const owner = { email, active: user.active, directDataAccessEnabled: user.directDataAccessEnabled };
  const creationRefusal = credentialCreationRefusal(actor, owner);
  const managementRefusal = credentialManagementRefusal(actor, owner);
  const entries = newestFirst(user.dataAccessInfo);

  const createCredential = async (choices: CredentialChoices) => {
    const outcome = await create(choices);
    // The secret dialog itself says the credential was created: a toast would sit over its top. A
    // refusal stays in the choices dialog, next to the field it names.
    if (outcome.ok) {
      setChoosing(false);
      setSecret(outcome.value.secret);
    }
    return outcome;
  };

  const confirmDisable = async () => {
    if (!toDisable) return;
    const outcome = await disable(toDisable.id);
    setToDisable(null);
    if (outcome.ok) toasts.show({ type: 'success', message: 'The credential was disabled.' });
    else toasts.show({ type: 'error', message: outcome.formError ?? Object.values(outcome.fieldErrors).join(' ') });
  };

  return (
    <section aria-labelledby="credentials-heading" className="meridian-user-profile-section">
      <h2 id="credentials-heading" className={Classes.HEADING}>
        Data-access credentials
      </h2>
      <p className={Classes.TEXT_MUTED}>
        A credential lets tools read data directly. Name it for what uses it; it expires after the days you choose, 90
        at most.
      </p>
      <Button
        intent={Intent.PRIMARY}
        icon={<AddIcon />}
        loading={creating}
        disabled={creationRefusal !== null}
        onClick={() => setChoosing(true)}
        aria-describedby={creationRefusal ? 'credential-create-refusal' : undefined}
      >
        Create credential
      </Button>
      {creationRefusal && (
        <p id="credential-create-refusal" className={`${Classes.TEXT_MUTED} meridian-users-reason`}>
          {creationRefusal}
        </p>
      )}
      <div style={{ marginTop: 16 }}>
        {entries.length === 0 ? (
          <NonIdealState
            icon={<KeyIcon size={48} />}
            title="No credentials"
            description="This user has no credentials yet."
          />
        ) : (
          <CredentialsTable entries={entries} onDisable={managementRefusal === null ? setToDisable : null} />
        )}
      </div>
      <CreateCredentialDialog
        isOpen={choosing}
        owner={email}
        onCreate={createCredential}
        onClose={() => setChoosing(false)}
        loading={creating}
      />
      <SecretDialog
        secret={secret}
        owner={
          <>
            the new credential of <strong>{email}</strong>
          </>
        }
        onClose={() => setSecret(null)}
      />
      <Alert
        isOpen={toDisable !== null}
        intent={Intent.DANGER}
        confirmButtonText="Disable"
        cancelButtonText="Cancel"
        loading={disabling}
        onConfirm={() => void confirmDisable()}
        onCancel={() => setToDisable(null)}
      >
        <p>
          Disable credential {toDisable && <CredentialLabel credential={toDisable} />}? Tools using it stop working at
          once. A disabled credential cannot be enabled again.
        </p>
      </Alert>
    </section>
  );
}
