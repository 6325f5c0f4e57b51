import { graphql } from '../../../../gql/index.js';

/**
 * The Sign-in tab's counts, apart from the update page's one read: they are counted over the
 * organization's people and its audit trail, so only this tab asks, and asks again before a
 * confirmation says them.
 */
export const SignInImpactDocument = graphql(`
  query SignInImpact($id: ID!) {
    organization(id: $id) {
      id
      signInImpact {
        ssoOnlyPeople
        ssoOnlyOrgAdmins
        ssoOnlyOrgAdminsWithSecondFactor
        recentSsoPeople
        peopleWithoutSecondFactor
      }
    }
  }
`);
