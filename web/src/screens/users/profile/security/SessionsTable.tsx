import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { formatDateTime } from '../../../../lib/dates.js';
import { browserOf } from '../../../../lib/user-agent.js';
import { signInMethodsText } from './second-factors.js';

/** A session as the table shows it (the UserSignInSessions query's). */
export interface SessionRow {
  id: string;
  startedAt: string;
  lastUsedAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  methods: readonly string[];
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
 * the buttons keep their icon and accessible name.
 */
export function SessionsTable({ sessions, onSignOut }: SessionsTableProps) {
  return (
    <HTMLTable className="meridian-fit-table meridian-sessions-table" striped>
      <thead>
        <tr>
          <th scope="col" className="meridian-col-fill">
            Browser
          </th>
          <th scope="col" className="meridian-col-fill meridian-sessions-address">
            Address
          </th>
          <th scope="col" className="meridian-col-optional">
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
          const browser = browserOf(session.userAgent);
          return (
            <tr key={session.id} data-testid="session-row">
              <th scope="row" className="meridian-col-fill">
                <span className="meridian-cell-truncate" title={session.userAgent ?? undefined}>
                  {browser}
                </span>
                {session.current && (
                  <Tag minimal intent={Intent.PRIMARY}>
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
              <td className="meridian-col-optional">{signInMethodsText(session.methods)}</td>
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
