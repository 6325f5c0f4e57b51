import { graphql } from '../gql/index.js';

/**
 * The one query the session user is built from (spec section 3): the viewer's record, its password
 * and credential state, the organization's name and BI portal, and the features it may use.
 */
export const SessionViewerQuery = graphql(`
  query SessionViewer {
    viewer {
      email
      name
      role
      permissions
      organizationId
      organizationName
      biPortalUrl
      isPasswordExpiring
      daysLeftForPasswordExpiry
      passwordExpiresAt
      directDataAccessEnabled
      dataAccessInfo {
        id
        active
        generatedAt
        daysToExpire
      }
      tableauLicense
      features {
        key
        isAvailable
      }
      isClient
      mayRunOwnDocuments
    }
  }
`);

/**
 * The signed-in user's entry in a cached organization user list (User is keyed by email): when its
 * name or role differ from the viewer's, the session user is re-synced (spec section 3).
 */
export const SessionUserRecordFragment = graphql(`
  fragment SessionUser_record on User {
    email
    name
    role
  }
`);
