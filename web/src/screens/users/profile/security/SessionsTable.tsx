import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { formatDateTime } from '../../../../lib/dates.js';
// The fitting rules (fill columns, truncation, the narrow layout) this table is built on: imported here,
// since no other module of the profile's chunk brings them (the table had rendered without them).
import '../../../../components/fit-table.css';
import { signInMethodsText } from './second-factors.js';
import { deviceText } from './session-device.js';

/** A session as the table shows it (the UserSignInSessions query's). */
export interface SessionRow {
  id: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent?: string | null;
  /** The browser and system the platform read from the User-Agent. */
  browser?: string | null;
  operatingSystem?: string | null;
  ipAddress?: string | null;
  methods: readonly string[];
  /** The identity provider of a single sign-on session. */
  identityProvider?: string | null;
  current: boolean;
}

export interface SessionsTableProps {
  sessions: readonly SessionRow[];
  /** Signs one session out (after a confirmation); null when the reader may not. */
  onSignOut: ((session: SessionRow) => void) | null;
}

/**
 * Each session: the browser in words (with "This browser" for the reader's own), the address, how and
 * when it signed in, when it was last used, and Sign out. Fits 800 px: the sign-in method goes and
 * the buttons keep their icon and accessible name. Every cell stays a table cell (a flex row header
 * had left the Browser column 0 px wide and the rows out of line, issue 39): the tag sits under the
 * name in the cell's own flow.
 */
export function SessionsTable({ sessions, onSignOut }: SessionsTableProps) {
  return (
    <HTMLTable className="meridian-fit-table meridian-sessions-table" striped>
      <thead>
        <tr>
          <th scope="col" className="meridian-col-fill meridian-sessions-browser">
            Browser
          </th>
          <th scope="col" className="meridian-col-fill meridian-sessions-address">
            Address
          </th>
          <th scope="col" className="meridian-col-fill meridian-col-optional meridian-sessions-method">
            Signed in with
          </th>
          <th scope="col">Started</th>
          <th scope="col">Last used</th>
          {onSignOut && (
            <th scope="col">
              <span className="meridian-row-action-text">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {sessions.map((session) => {
          const browser = deviceText(session);
          const method = signInMethodsText(session.methods, session.identityProvider);
          return (
            <tr key={session.id} data-testid="session-row">
              <th scope="row" className="meridian-col-fill">
                <span className="meridian-cell-truncate" title={session.userAgent ?? undefined}>
                  {browser}
                </span>
                {session.current && (
                  <Tag minimal intent={Intent.PRIMARY} className="meridian-sessions-current">
                    This browser
                  </Tag>
                )}
              </th>
              <td className="meridian-col-fill">
                {/* An IPv6 address is long: cut, whole on hover and focus. */}
                <span className="meridian-cell-truncate" title={session.ipAddress ?? undefined}>
                  {session.ipAddress ?? '—'}
                </span>
              </td>
              <td className="meridian-col-fill meridian-col-optional">
                {/* A few words, wrapped within the column rather than cut ("Single sign-on (idp.example)"). */}
                <span className="meridian-sessions-method-text">{method}</span>
              </td>
              <td>{formatDateTime(session.startedAt)}</td>
              <td>{formatDateTime(session.lastUsedAt)}</td>
              {onSignOut && (
                <td>
                  <Button
                    size="small"
                    variant="outlined"
                    icon={<LogOutIcon />}
                    onClick={() => onSignOut(session)}
                    aria-label={
                      session.current
                        ? 'Sign out this browser'
                        : `Sign out ${browser}, ${formatDateTime(session.startedAt)}`
                    }
                    title="Sign out"
                  >
                    <span className="meridian-row-action-text">Sign out</span>
                  </Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
