import { graphql } from '../../../gql/index.js';

/** The user a profile shows; each section reads its own fragment of it. */
export const UserProfileQuery = graphql(`
  query UserProfile($email: Email!) {
    user(email: $email) {
      email
      name
      organizationId
      ...ProfileHeader_user
      ...InvitationPanel_user
      ...GeneralSection_user
      ...CredentialsSection_user
    }
  }
`);
