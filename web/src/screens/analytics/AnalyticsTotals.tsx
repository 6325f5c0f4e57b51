import { Card } from '@blueprintjs/core';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { formatCompactNumber } from '../../lib/numbers.js';
import { formatCount } from './labels.js';

export const AnalyticsTotalsFragment = graphql(`
  fragment AnalyticsTotals_summary on AnalyticsSummary {
    totals {
      organizations
      users
      activeUsers
    }
    credentialsExpiringTotal
    jobsInProgress {
      organizationId
      kind
    }
    jobsFailed {
      organizationId
      kind
    }
  }
`);

export interface AnalyticsTotalsProps {
  summary: FragmentType<typeof AnalyticsTotalsFragment>;
}

interface TotalProps {
  label: string;
  value: number;
}

/** One figure, abbreviated (3.4k) as spec section 9 formats large counts; the exact number is read out. */
function Total({ label, value }: TotalProps) {
  const exact = formatCount(value);
  return (
    <Card className="meridian-analytics-total">
      <dt>{label}</dt>
      <dd>
        <span aria-hidden="true" title={exact}>
          {formatCompactNumber(value)}
        </span>
        <span className="meridian-visually-hidden">{exact}</span>
      </dd>
    </Card>
  );
}

/** The platform's totals at a glance. */
export function AnalyticsTotals({ summary }: AnalyticsTotalsProps) {
  const { totals, credentialsExpiringTotal, jobsInProgress, jobsFailed } = getFragmentData(
    AnalyticsTotalsFragment,
    summary,
  );
  return (
    <section aria-label="Totals">
      <dl className="meridian-analytics-totals">
        <Total label="Organizations" value={totals.organizations} />
        <Total label="Users" value={totals.users} />
        <Total label="Active users" value={totals.activeUsers} />
        <Total label="Inactive users" value={totals.users - totals.activeUsers} />
        <Total label="Jobs in progress" value={jobsInProgress.length} />
        <Total label="Failed jobs" value={jobsFailed.length} />
        <Total label="Credentials expiring in 30 days" value={credentialsExpiringTotal} />
      </dl>
    </section>
  );
}
