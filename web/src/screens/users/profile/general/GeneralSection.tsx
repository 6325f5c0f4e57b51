import { Classes, Tag } from '@blueprintjs/core';
import { USER_TEXT_FIELDS, userTextOf } from '@meridian/schema';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { mayDo } from '../../../../session/access.js';
import type { SessionUser } from '../../../../session/session-user.js';
import { formatDate } from '../../../../lib/dates.js';
import { roleKeyOf, roleText, scalarText, tableauText } from '../../shared/user-fields.js';
import { activeControlRefusal, needsOrgAdminCount, roleControlRefusal } from '../self-protection.js';
import { statusIntent, statusLabel, statusOfEnum } from '../../invitation/user-status.js';
import { lastSignInText, provenanceLabel, provenanceMeaning } from '../../shared/user-provenance.js';
import { UserTextFieldsUserFragment } from '../../shared/user-text-fragment.js';
import { AccountStatus } from './AccountStatus.js';
import { editFormOf } from './user-edit-form.js';
import { UserEditForm } from './UserEditForm.js';
import { UserFacts } from './UserFacts.js';
import { useActiveOrgAdmins } from './useActiveOrgAdmins.js';

export const GeneralSectionUserFragment = graphql(`
  fragment GeneralSection_user on User {
    email
    name
    alternateEmail
    ...UserTextFields_user
    role
    active
    status
    tableauLicense
    directDataAccessEnabled
    organizationId
    organization {
      id
      name
    }
    createdAt
    provenance
    lastSignInAt
    dataAccessInfo {
      id
      active
    }
  }
`);

export interface GeneralSectionProps {
  user: FragmentType<typeof GeneralSectionUserFragment>;
  actor: SessionUser;
  productName: string;
}

/**
 * The profile's general page: the user's fields, editable with user:update-profile (read-only
 * otherwise), and their account status. Controls the self-protection rules forbid are disabled with
 * the reason.
 */
export function GeneralSection({ user: data, actor, productName }: GeneralSectionProps) {
  const user = getFragmentData(GeneralSectionUserFragment, data);
  const email = scalarText(user.email);
  const target = { email, role: roleKeyOf(user.role) ?? 'orgUser', active: user.active };
  const editable = mayDo(actor, 'updateUser', { organizationId: user.organizationId, email });
  const activeOrgAdmins = useActiveOrgAdmins(user.organizationId, editable && needsOrgAdminCount(actor, target));
  const text = getFragmentData(UserTextFieldsUserFragment, user);
  const saved = editFormOf({ ...user, ...text });

  // How the person came and when they last signed in (issue 39): facts nobody edits, on both views.
  const origin = [
    [
      'Source',
      <span key="source">
        {provenanceLabel(user.provenance)}{' '}
        <span className={Classes.TEXT_MUTED}>({provenanceMeaning(user.provenance)})</span>
      </span>,
    ],
    ['Last sign-in', lastSignInText(user.lastSignInAt)],
  ] as const;

  const facts = [
    ['Name', user.name],
    ['Email', email],
    ['Alternate email', scalarText(user.alternateEmail) || '—'],
    ...USER_TEXT_FIELDS.map((spec) => [spec.label, userTextOf(text[spec.field]) ?? '—'] as const),
    ['Role', roleText(user.role, productName)],
    ['Tableau license', tableauText(user.tableauLicense)],
    ['Direct data access', user.directDataAccessEnabled ? 'Enabled' : 'Disabled'],
    [
      'Status',
      <Tag key="status" minimal intent={statusIntent(statusOfEnum(user.status))}>
        {statusLabel(statusOfEnum(user.status))}
      </Tag>,
    ],
    ['Created', formatDate(user.createdAt)],
    ...origin,
  ] as const;

  if (!editable) {
    return (
      <section aria-labelledby="general-heading" className="meridian-user-profile-section">
        <h2 id="general-heading" className={Classes.HEADING}>
          General
        </h2>
        <UserFacts facts={facts} />
      </section>
    );
  }

  return (
    <>
      <section aria-labelledby="general-heading" className="meridian-user-profile-section">
        <h2 id="general-heading" className={Classes.HEADING}>
          General
        </h2>
        <p className={Classes.TEXT_MUTED}>
          {email} · created {formatDate(user.createdAt)}
        </p>
        <div className="meridian-user-origin">
          <UserFacts facts={origin} />
        </div>
        <UserEditForm
          key={email}
          organizationId={user.organizationId}
          email={email}
          saved={saved}
          granterRole={actor.role}
          roleRefusal={roleControlRefusal(actor, target, activeOrgAdmins, productName)}
          activeCredentials={user.dataAccessInfo.filter((entry) => entry.active).length}
          productName={productName}
          organizationName={user.organization?.name ?? null}
        />
      </section>
      <AccountStatus
        organizationId={user.organizationId}
        email={email}
        name={user.name}
        status={statusOfEnum(user.status)}
        refusal={activeControlRefusal(actor, target, activeOrgAdmins, productName)}
      />
    </>
  );
}
