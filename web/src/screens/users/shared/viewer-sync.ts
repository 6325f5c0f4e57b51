import type { ApolloCache } from '@apollo/client';
import { SessionViewerQuery } from '../../../session/viewer-query.js';

/** What a changed user record may tell the signed-in user's own Viewer. */
export interface ChangedUser {
  email: string;
  directDataAccessEnabled?: boolean;
  tableauLicense?: string | null;
  dataAccessInfo?: readonly { id: string }[];
}

/**
 * The Viewer (the session user's source) is a record of its own, not the User the profile changes.
 * When a change is the signed-in user's own, the Viewer's copies of the changed fields follow, so the
 * credential banner and the BI portal button agree at once (name and role follow by themselves: see
 * SessionUserProvider). Nothing happens for another user's change.
 */
export function syncOwnViewer(cache: ApolloCache, user: ChangedUser): void {
  const viewer = cache.readQuery({ query: SessionViewerQuery })?.viewer;
  if (!viewer || String(viewer.email).toLowerCase() !== user.email.toLowerCase()) return;
  const id = cache.identify({ __typename: 'Viewer' });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      directDataAccessEnabled: (value: boolean) => user.directDataAccessEnabled ?? value,
      tableauLicense: (value: unknown) => (user.tableauLicense === undefined ? value : user.tableauLicense),
      dataAccessInfo: (value, { toReference }) =>
        user.dataAccessInfo
          ? user.dataAccessInfo.map((entry) => toReference({ __typename: 'DataAccessEntry', id: entry.id }))
          : value,
    },
  });
}
