import { Classes, H1, Intent, Tag } from '@blueprintjs/core';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { statusIntent, statusLabel, statusOfEnum } from '../invitation/user-status.js';
import { roleText, scalarText } from '../shared/user-fields.js';

export const ProfileHeaderUserFragment = graphql(`
  fragment ProfileHeader_user on User {
    email
    name
    role
    active
    status
  }
`);

export interface ProfileHeaderProps {
  user: FragmentType<typeof ProfileHeaderUserFragment>;
  productName: string;
  /** It is the signed-in user's own profile. */
  isOwn: boolean;
}

/** Who the profile is of: name, email, role and whether the user is active. */
export function ProfileHeader({ user: data, productName, isOwn }: ProfileHeaderProps) {
  const user = getFragmentData(ProfileHeaderUserFragment, data);
  return (
    <header>
      <div className="meridian-user-profile-heading">
        <H1>{user.name}</H1>
        <Tag minimal>{roleText(user.role, productName)}</Tag>
        <Tag minimal intent={statusIntent(statusOfEnum(user.status))}>
          {statusLabel(statusOfEnum(user.status))}
        </Tag>
        {isOwn && (
          <Tag minimal intent={Intent.PRIMARY}>
            You
          </Tag>
        )}
      </div>
      <p className={Classes.TEXT_MUTED}>{scalarText(user.email)}</p>
    </header>
  );
}
