import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { CredentialLink, OrganizationLink, UserLink } from '../../components/entity-links.js';
import { AnalyticsSection } from './AnalyticsSection.js';
import type { ChartTheme } from './chart-theme.js';
import {
  credentialsBySoonest,
  expiryBuckets,
  isListPartial,
  type ExpiringCredentialInput,
} from './expiring-credentials.js';
import { ExpiringCredentialsChart } from './ExpiringCredentialsChart.js';
import { formatCount, formatDate } from './labels.js';
import type { Column } from '../../lib/table-columns.js';

export const ExpiringCredentialsSectionFragment = graphql(`
  fragment ExpiringCredentialsSection_summary on AnalyticsSummary {
    credentialsExpiringTotal
    credentialsExpiringSoon {
      id
      organizationId
      userEmail
      generatedAt
      expiresAt
      daysToExpire
    }
  }
`);

const TITLE = 'Credentials expiring in the next 30 days';

export const CREDENTIAL_COLUMNS: readonly Column<ExpiringCredentialInput>[] = [
  {
    header: 'Credential ID',
    fill: true,
    value: (row) => row.id,
    render: (row) => (
      <CredentialLink id={row.id} organizationId={row.organizationId} userEmail={row.userEmail ?? null} />
    ),
  },
  {
    header: 'Organization ID',
    fill: true,
    value: (row) => row.organizationId,
    render: (row) => <OrganizationLink organizationId={row.organizationId} />,
  },
  {
    header: 'User',
    fill: true,
    value: (row) => row.userEmail ?? null,
    render: (row) => (row.userEmail ? <UserLink organizationId={row.organizationId} email={row.userEmail} /> : '—'),
  },
  { header: 'Generated', value: (row) => row.generatedAt, render: (row) => formatDate(row.generatedAt) },
  { header: 'Expires', value: (row) => row.expiresAt, render: (row) => formatDate(row.expiresAt) },
  { header: 'Days left', value: (row) => row.daysToExpire, numeric: true },
];

export interface ExpiringCredentialsSectionProps {
  summary: FragmentType<typeof ExpiringCredentialsSectionFragment>;
  generatedAt: string;
  theme: ChartTheme;
}

export function ExpiringCredentialsSection({ summary, generatedAt, theme }: ExpiringCredentialsSectionProps) {
  const { credentialsExpiringSoon, credentialsExpiringTotal: total } = getFragmentData(
    ExpiringCredentialsSectionFragment,
    summary,
  );
  const rows = credentialsBySoonest(credentialsExpiringSoon);
  const buckets = expiryBuckets(rows);
  const withinAWeek = formatCount(buckets[0]!.count);
  const description = isListPartial(rows.length, total)
    ? `${formatCount(total)} data access credentials expire within 30 days. ` +
      `The ${formatCount(rows.length)} soonest are charted and listed; ${withinAWeek} of them expire within a week.`
    : `${formatCount(total)} data access credentials expire within 30 days, ${withinAWeek} of them within a week.`;
  return (
    <AnalyticsSection
      slug="expiring-credentials"
      title={TITLE}
      description={description}
      chart={<ExpiringCredentialsChart buckets={buckets} theme={theme} title={TITLE} desc={description} />}
      columns={CREDENTIAL_COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      generatedAt={generatedAt}
      emptyText="No credential expires in the next 30 days."
    />
  );
}
