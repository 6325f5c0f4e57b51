import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { DisableIcon } from '@blueprintjs/icons';
import { formatDate, formatDateTime } from '../../../../lib/dates.js';
import { expiryText } from '../../../../lib/credential-expiry.js';
import { CredentialLabel } from '../../../../components/CredentialLabel.js';
import { expiryIntent, isExpired, type CredentialEntry } from './credential-expiry.js';

export interface CredentialsTableProps {
  entries: readonly CredentialEntry[];
  /** Null when the actor may not disable (the reason is shown by the section). */
  onDisable: ((entry: CredentialEntry) => void) | null;
}

/** The status tag of an entry: disabled, expired, or active. */
function StatusTag({ entry }: { entry: CredentialEntry }) {
  if (!entry.active) return <Tag minimal>Disabled</Tag>;
  if (isExpired(entry)) return <Tag intent={Intent.DANGER}>Expired</Tag>;
  return (
    <Tag minimal intent={Intent.SUCCESS}>
      Active
    </Tag>
  );
}

/** A user's credentials, newest first, each with its countdown to expiry and a disable button. */
export function CredentialsTable({ entries, onDisable }: CredentialsTableProps) {
  return (
    <HTMLTable className="meridian-users-table" striped>
      <thead>
        <tr>
          <th scope="col">Credential</th>
          <th scope="col">Generated</th>
          <th scope="col">Expires</th>
          <th scope="col">Days to expire</th>
          <th scope="col">Status</th>
          {onDisable && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="credential-row">
            <td>
              <CredentialLabel credential={entry} />
            </td>
            <td>{formatDateTime(entry.generatedAt)}</td>
            <td>{formatDate(entry.expiresAt)}</td>
            <td>
              {entry.active ? (
                <Tag minimal={!isExpired(entry)} intent={expiryIntent(entry.daysToExpire)}>
                  {expiryText(entry.daysToExpire)}
                </Tag>
              ) : (
                '—'
              )}
            </td>
            <td>
              <StatusTag entry={entry} />
            </td>
            {onDisable && (
              <td>
                {entry.active && (
                  <Button
                    size="small"
                    intent={Intent.DANGER}
                    variant="outlined"
                    icon={<DisableIcon />}
                    onClick={() => onDisable(entry)}
                    aria-label={`Disable credential ${entry.name ?? entry.id}`}
                  >
                    Disable
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
