import { Classes, Intent } from '@blueprintjs/core';
import { CrossIcon, TickIcon } from '@blueprintjs/icons';
import { PASSWORD_RULES } from '@meridian/schema';

export interface PasswordRulesProps {
  /** The password being typed; each rule shows whether it holds yet. */
  password: string;
  /** Id for aria-describedby of the password field. */
  id: string;
}

/** The password policy of schema/ as a checklist that updates as the user types. */
export function PasswordRules({ password, id }: PasswordRulesProps) {
  return (
    <ul id={id} aria-label="Password requirements" className={Classes.LIST_UNSTYLED} style={{ margin: '0 0 16px' }}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} data-met={met} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            {met ? (
              <TickIcon className={Classes.intentClass(Intent.SUCCESS)} title="Met:" />
            ) : (
              <CrossIcon className={Classes.TEXT_MUTED} title="Not met:" />
            )}
            <span className={met ? undefined : Classes.TEXT_MUTED}>{rule.label}</span>
          </li>
        );
      })}
    </ul>
  );
}
