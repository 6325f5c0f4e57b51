import { graphql } from '../../gql/index.js';

/**
 * Everything the analytics page shows, in one request: the gateway's summary, counted by the
 * platform's database (never every record sent to the browser). Each section declares the fields it
 * reads in its own fragment.
 */
export const AnalyticsSummaryQuery = graphql(`
  query AnalyticsSummary {
    analyticsSummary {
      generatedAt
      ...AnalyticsTotals_summary
      ...OrganizationsSection_summary
      ...UsersSection_summary
      ...LicenseUseSection_summary
      ...ExpiringCredentialsSection_summary
      ...JobsSection_summary
      ...FailedJobsSection_summary
    }
  }
`);
