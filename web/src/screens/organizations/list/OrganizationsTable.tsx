import { Classes, HTMLTable } from '@blueprintjs/core';
import { CogIcon, PeopleIcon } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { organizationUpdatePath, organizationUsersPath } from '../../../routes/paths.js';
import { LicenseUseBar } from '../shared/LicenseUseBar.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { OrganizationStatusTag } from '../shared/OrganizationStatusTag.js';
import { ORGANIZATIONS_PAGE_SIZE, type OrganizationsSort, type SortKey } from './list-params.js';
import { SortableHeader } from '../../../components/SortableHeader.js';
import '../../../components/fit-table.css';

export const OrganizationsTable_organization = graphql(`
  fragment OrganizationsTable_organization on Organization {
    id
    name
    status
    allowedActions
    lifecycleProblem {
      label
      step
      reason
    }
    customerSegment
    licenses {
      userLimit
      activeUsers
    }
  }
`);

export interface OrganizationsTableProps {
  /** The page's rows; null while the first answer for this page is on its way (skeleton rows). */
  rows: readonly FragmentType<typeof OrganizationsTable_organization>[] | null;
  sort: OrganizationsSort;
  onSort: (key: SortKey) => void;
  /** A segment's display name from the catalog. */
  segmentName: (id: string) => string;
  /** Label of the link to the update page: 'Manage' for those who may change, else 'View'. */
  manageLabel: string;
}

const COLUMNS = 5;

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: Math.min(ORGANIZATIONS_PAGE_SIZE, 8) }, (_, row) => (
        <tr key={row} aria-hidden="true">
          {Array.from({ length: COLUMNS }, (_, cell) => (
            <td key={cell}>
              <span className={Classes.SKELETON}>Loading organization</span>
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One page of organizations: state, segment and license use at a glance, a way into each. */
export function OrganizationsTable({ rows, sort, onSort, segmentName, manageLabel }: OrganizationsTableProps) {
  const organizations = rows ? rows.map((row) => getFragmentData(OrganizationsTable_organization, row)) : null;
  return (
    <HTMLTable
      className="meridian-organizations-table meridian-fit-table"
      interactive
      striped
      aria-busy={organizations === null}
    >
      <thead>
        <tr>
          {/* The id is the name's second line: one column, sortable by either. */}
          <SortableHeader
            label="Name"
            sortKey="name"
            also={{ label: 'ID', sortKey: 'id' }}
            sort={sort}
            onSort={onSort}
            className="meridian-col-fill meridian-organizations-name"
          />
          <SortableHeader label="Status" sortKey="status" sort={sort} onSort={onSort} />
          <SortableHeader
            label="Segment"
            sortKey="segment"
            sort={sort}
            onSort={onSort}
            className="meridian-col-optional"
          />
          <th scope="col">Active users / limit</th>
          <th scope="col">
            <span className={Classes.TEXT_MUTED}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {organizations === null ? (
          <SkeletonRows />
        ) : (
          organizations.map((organization) => {
            const updatePath = organizationUpdatePath(organization.id);
            const usersPath = organizationUsersPath(organization.id);
            return (
              <tr key={organization.id}>
                <th scope="row" className="meridian-col-fill">
                  <Link to={updatePath} className="meridian-cell-truncate" title={organization.name}>
                    {organization.name}
                  </Link>
                  <code className="meridian-cell-secondary" title={organization.id}>
                    {organization.id}
                  </code>
                </th>
                <td>
                  <OrganizationStatusTag
                    status={organization.status}
                    problem={organization.lifecycleProblem}
                    allowedActions={organization.allowedActions}
                    problemPath={`${updatePath}/lifecycle`}
                  />
                </td>
                <td className="meridian-col-optional">{segmentName(organization.customerSegment)}</td>
                <td>
                  <LicenseUseBar
                    label={`Active users of ${organization.name}`}
                    used={organization.licenses.activeUsers}
                    limit={organization.licenses.userLimit}
                  />
                </td>
                <td className="meridian-organizations-actions">
                  <LinkButton
                    variant="minimal"
                    size="small"
                    icon={<PeopleIcon />}
                    to={usersPath}
                    aria-label={`Users of ${organization.name}`}
                    title="Users"
                  >
                    <span className="meridian-row-action-text">Users</span>
                  </LinkButton>
                  <LinkButton
                    variant="minimal"
                    size="small"
                    icon={<CogIcon />}
                    to={updatePath}
                    aria-label={`${manageLabel} ${organization.name}`}
                    title={manageLabel}
                  >
                    <span className="meridian-row-action-text">{manageLabel}</span>
                  </LinkButton>
                </td>
              </tr>
            );
          })
        )}
      </tbody>
    </HTMLTable>
  );
}
