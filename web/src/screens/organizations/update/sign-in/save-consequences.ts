import type { SsoProtocol } from '../../../../gql/graphql.js';
import type { SignInValues } from './sign-in-form.js';

/**
 * What a save of the single sign-on connection changes that the person saving it must agree to first
 * (issue 39): each of these can keep people out, or let too many in.
 */
export type SaveConsequence =
  /** "Only single sign-on" goes on (for a new connection, or a saved one that allowed passwords). */
  | { kind: 'ssoOnly'; adminEmergencyAccess: boolean }
  /** It stays on, and an operator takes the Org Admins' emergency way in away. */
  | { kind: 'adminsLoseEmergencyAccess' }
  /** A saved connection goes from one protocol to the other. */
  | { kind: 'protocolSwitch'; from: SsoProtocol; to: SsoProtocol }
  /** Every person the identity provider creates from now on becomes an Org Admin. */
  | { kind: 'adminDefaultRole' };

/** The saved connection as the consequences compare with it. */
export type SavedConnectionFacts = Pick<SignInValues, 'protocol' | 'ssoOnly' | 'defaultRole' | 'adminEmergencyAccess'>;

/** What saving `values` over `saved` (null: no connection yet) would change that needs a yes first. */
export function saveConsequencesOf(values: SignInValues, saved: SavedConnectionFacts | null): SaveConsequence[] {
  const consequences: SaveConsequence[] = [];
  if (saved && values.protocol !== saved.protocol)
    consequences.push({ kind: 'protocolSwitch', from: saved.protocol, to: values.protocol });
  if (values.ssoOnly && !saved?.ssoOnly)
    consequences.push({ kind: 'ssoOnly', adminEmergencyAccess: values.adminEmergencyAccess });
  else if (values.ssoOnly && saved?.adminEmergencyAccess && !values.adminEmergencyAccess)
    consequences.push({ kind: 'adminsLoseEmergencyAccess' });
  if (values.defaultRole === 'ORG_ADMIN' && saved?.defaultRole !== 'ORG_ADMIN')
    consequences.push({ kind: 'adminDefaultRole' });
  return consequences;
}
