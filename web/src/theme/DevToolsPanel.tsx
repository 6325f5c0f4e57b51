import { Button, Drawer, H4, HTMLTable } from '@blueprintjs/core';
import { useContext } from 'react';
import { bannerDismissalKey } from '../components/credential-banner/credential-banner-state.js';
import { TOAST_TYPES } from '../components/toasts/toast-model.js';
import { useToasts } from '../components/toasts/useToasts.js';
import { RuntimeConfigContext } from '../config/runtime.js';
import { passwordReminderKey } from '../lib/password-reminder.js';
import { useSessionUser } from '../session/useSessionUser.js';
import { formatCompactNumber } from '../lib/numbers.js';
import { formatDateTime } from '../lib/dates.js';
import { useTheme } from './useTheme.js';

export interface DevToolsPanelProps {
  onClose: () => void;
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <HTMLTable compact striped>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="meridian-dev-value">{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * The hidden developer tools panel (opened with meridian.openDevTools()): what this page runs with
 * (configuration, session user, theme, local storage) and a few buttons to exercise the shell.
 */
export function DevToolsPanel({ onClose }: DevToolsPanelProps) {
  const config = useContext(RuntimeConfigContext);
  const { user } = useSessionUser();
  const { preference, theme } = useTheme();
  const toasts = useToasts();
  const storedKeys = Object.keys(localStorage).filter((key) => key.startsWith('meridian'));
  const forgetReminders = () => {
    if (!user) return;
    localStorage.removeItem(passwordReminderKey(user.email));
    localStorage.removeItem(bannerDismissalKey(user.email));
  };
  return (
    <Drawer isOpen onClose={onClose} title="Developer tools" size="480px" hasBackdrop={false}>
      <div className="meridian-panel-body">
        <H4>Configuration</H4>
        <Facts
          rows={[
            ['Product', config?.productName ?? '—'],
            ['Environment', config?.environment ?? '—'],
            ['Gateway', config?.gatewayUrl ?? '—'],
            ['Sign-in provider', config?.oidc.issuer ?? '—'],
            ['Theme', `${theme} (${preference})`],
          ]}
        />
        <H4>Session user</H4>
        {user ? (
          <Facts
            rows={[
              ['Email', user.email],
              ['Role', user.role],
              ['Organization', `${user.organizationId}${user.organizationName ? ` (${user.organizationName})` : ''}`],
              ['Permissions', user.permissions.join(', ')],
              [
                'Features',
                Object.entries(user.features)
                  .map(([key, available]) => `${key}: ${available ? 'available' : 'unavailable'}`)
                  .join(', '),
              ],
              [
                'Password',
                `${user.daysLeftForPasswordExpiry} days left${user.isPasswordExpiring ? ' (expiring)' : ''}`,
              ],
              ['Credentials', formatCompactNumber(user.dataAccessInfo.length)],
              ['Token expires', formatDateTime(user.expiresAt)],
            ]}
          />
        ) : (
          <p>Nobody is signed in on this page.</p>
        )}
        <H4>Local storage</H4>
        <p className="meridian-dev-value">{storedKeys.length > 0 ? storedKeys.join(', ') : 'Nothing stored.'}</p>
        <H4>Try the shell</H4>
        <div className="meridian-panel-actions">
          {TOAST_TYPES.map((type) => (
            <Button
              key={type}
              size="small"
              onClick={() => toasts.show({ type, message: `A test toast of type ${type}.` })}
            >
              {`Show ${type} toast`}
            </Button>
          ))}
          <Button size="small" onClick={() => toasts.clear()}>
            Clear toasts
          </Button>
          <Button size="small" onClick={forgetReminders}>
            Forget dismissed reminders
          </Button>
        </div>
      </div>
    </Drawer>
  );
}

export default DevToolsPanel;
