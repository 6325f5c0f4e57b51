import { Classes, Intent } from '@blueprintjs/core';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.js';
import { formatCount } from '../../../../lib/numbers.js';
import type { SaveConsequence } from './save-consequences.js';

/** The platform's counts the confirmation says (SignInImpact). */
export interface SignInCounts {
  ssoOnlyPeople: number;
  ssoOnlyOrgAdmins: number;
  ssoOnlyOrgAdminsWithSecondFactor: number;
  recentSsoPeople: number;
  peopleWithoutSecondFactor: number;
}

export interface SaveConfirmationProps {
  /** What the save changes that needs a yes; the dialog is open while there is one and it was asked. */
  consequences: readonly SaveConsequence[];
  isOpen: boolean;
  /** Counted just now; null while the platform counts (the counts' sentences wait for it). */
  counts: SignInCounts | null;
  organizationName: string;
  productName: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const PROTOCOL_NAMES = { OIDC: 'OpenID Connect', SAML: 'SAML 2.0' } as const;

/** "1 person", "12 people". */
export const peopleCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'person' : 'people'}`;
/** "1 Org Admin", "3 Org Admins". */
const adminCount = (count: number) => `${formatCount(count)} Org Admin${count === 1 ? '' : 's'}`;

/** ", its Org Admin included", ", its 3 Org Admins included", or nothing without any. */
const adminsAmong = (count: number) =>
  count === 0 ? '' : count === 1 ? ', its Org Admin included' : `, its ${adminCount(count)} included`;

interface SentenceContext {
  counts: SignInCounts | null;
  organizationName: string;
  productName: string;
}

/** A count's sentence, or the promise of one while the platform counts. */
function counted(counts: SignInCounts | null, sentence: (counts: SignInCounts) => string) {
  return counts ? sentence(counts) : 'Counting the people it concerns…';
}

function SsoOnly({
  adminEmergencyAccess,
  counts,
  organizationName,
  productName,
}: SentenceContext & { adminEmergencyAccess: boolean }) {
  return (
    <>
      <p>
        {counted(
          counts,
          (c) =>
            `${peopleCount(c.ssoOnlyPeople)} of ${organizationName} will sign in only through its identity provider: password sign-in and password reset end for them${adminsAmong(c.ssoOnlyOrgAdmins)}.`,
        )}
      </p>
      {adminEmergencyAccess ? (
        <p>
          Org Admins keep their {productName} password, with a second factor, as the emergency way in (“Administrator
          emergency access” on the sign-in page), unless a {productName} operator turns it off.
          {counts &&
            counts.ssoOnlyOrgAdmins > counts.ssoOnlyOrgAdminsWithSecondFactor &&
            ` ${adminCount(counts.ssoOnlyOrgAdmins - counts.ssoOnlyOrgAdminsWithSecondFactor)} ${
              counts.ssoOnlyOrgAdmins - counts.ssoOnlyOrgAdminsWithSecondFactor === 1 ? 'has' : 'have'
            } no second factor yet and cannot use it until they set one up (profile → Sign-in security).`}
        </p>
      ) : (
        <p>
          Org Admins keep no emergency way in: if the identity provider fails, nobody of {organizationName} signs in
          until a {productName} operator turns this off.
        </p>
      )}
      <p className={Classes.TEXT_MUTED}>{productName} operators keep their passwords.</p>
    </>
  );
}

/**
 * Asks before a save of the single sign-on connection that can keep people out or let too many in
 * (issue 39): single sign-on only (how many people lose password sign-in, the Org Admins among them,
 * and whether they keep their emergency way in), the emergency way in taken away, a live connection
 * switching protocol (how many people signed in through it in the last 30 days), and a default role of
 * Org Admin. Each sentence is one consequence; the counts are the platform's, asked for as it opens.
 */
export function SaveConfirmation(props: SaveConfirmationProps) {
  const { consequences, counts, organizationName, productName } = props;
  const context = { counts, organizationName, productName };
  const locksOut = consequences.some((each) => each.kind !== 'adminDefaultRole');
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      title="Save single sign-on?"
      confirmLabel="Save single sign-on"
      intent={locksOut ? Intent.DANGER : Intent.WARNING}
      loading={props.loading}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {consequences.map((consequence) => {
        switch (consequence.kind) {
          case 'ssoOnly':
            return <SsoOnly key="sso-only" adminEmergencyAccess={consequence.adminEmergencyAccess} {...context} />;
          case 'adminsLoseEmergencyAccess':
            return (
              <p key="emergency">
                {counted(
                  counts,
                  (c) =>
                    `${adminCount(c.ssoOnlyOrgAdmins)} of ${organizationName} lose their emergency way in (their password with a second factor): if the identity provider fails, nobody of ${organizationName} signs in until a ${productName} operator turns it back on.`,
                )}
              </p>
            );
          case 'protocolSwitch':
            return (
              <p key="protocol">
                {counted(
                  counts,
                  (c) =>
                    `The connection switches from ${PROTOCOL_NAMES[consequence.from]} to ${PROTOCOL_NAMES[consequence.to]}: ${peopleCount(c.recentSsoPeople)} signed in through it in the last 30 days. Until the identity provider is set up for ${PROTOCOL_NAMES[consequence.to]}, they cannot sign in through it.`,
                )}
              </p>
            );
          case 'adminDefaultRole':
            return (
              <p key="default-role">
                Every new person who signs in through the identity provider becomes an Org Admin of {organizationName}:
                an administrator who manages its users, its sign-in and its settings.
              </p>
            );
        }
      })}
    </ConfirmDialog>
  );
}
