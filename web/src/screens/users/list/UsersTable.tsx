import { Checkbox, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { userProfilePath } from '../../../routes/paths.js';
import '../../../components/fit-table.css';
import { SortableHeader } from '../../../components/SortableHeader.js';
import { statusIntent, statusLabel, statusOfEnum } from '../invitation/user-status.js';
import { roleText, scalarText, tableauText } from '../shared/user-fields.js';
import { lastSignInText, provenanceLabel } from '../shared/user-provenance.js';
import { formatDate } from '../../../lib/dates.js';
import type { UserSortKey, UsersSort } from './users-list-state.js';
import { isSelected, withRows, type UserSelection } from './user-selection.js';

export const UsersTableUserFragment = graphql(`
  fragment UsersTable_user on User {
    email
    name
    role
    active
    status
    tableauLicense
    directDataAccessEnabled
    provenance
    lastSignInAt
  }
`);

interface Column {
  label: string;
  /** The server sorts by it (the contract's UserSortField). */
  sortKey?: UserSortKey;
  /** Second rank: dropped where the list is narrow (components/fit-table.css). */
  optional?: boolean;
  /** Long text, cut to the column's share of the room (components/fit-table.css). */
  fill?: boolean;
}

const COLUMNS: readonly Column[] = [
  { label: 'Name', sortKey: 'name', fill: true },
  { label: 'Email', sortKey: 'email', fill: true },
  { label: 'Role', sortKey: 'role' },
  { label: 'Status', sortKey: 'active' },
  { label: 'Source', optional: true },
  { label: 'Last sign-in', sortKey: 'lastSignInAt' },
  { label: 'Tableau license', optional: true },
  { label: 'Direct data access', optional: true },
];

/** Rows shown while the first page loads. */
const SKELETON_ROWS = 8;

export interface UsersTableProps {
  organizationId: string;
  /** The page's users; null while it loads (skeleton rows). */
  users: readonly FragmentType<typeof UsersTableUserFragment>[] | null;
  sort: UsersSort;
  onSort: (field: UserSortKey) => void;
  productName: string;
  /** The bulk selection; absent: no selection column (a role that may not change users). */
  selection?: UserSelection;
  onSelect?: (selection: UserSelection) => void;
}

const columnClass = (column: Column) =>
  [column.optional && 'meridian-col-optional', column.fill && `meridian-col-fill meridian-users-col-${column.sortKey}`]
    .filter(Boolean)
    .join(' ') || undefined;

function ColumnHeader({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort: UsersSort;
  onSort: UsersTableProps['onSort'];
}) {
  if (!column.sortKey)
    return (
      <th scope="col" className={columnClass(column)}>
        {column.label}
      </th>
    );
  return (
    <SortableHeader
      label={column.label}
      sortKey={column.sortKey}
      sort={sort}
      onSort={onSort}
      className={columnClass(column)}
    />
  );
}

/** A cell's text as a skeleton bar of about its width. */
function SkeletonRow({ index, selectable }: { index: number; selectable: boolean }) {
  return (
    <tr aria-hidden="true" data-testid="user-row-skeleton">
      {selectable && <td />}
      {COLUMNS.map((column) => (
        <td key={column.label} className={columnClass(column)}>
          <span className={Classes.SKELETON}>{index % 2 ? 'Skeleton text' : 'Longer skeleton text'}</span>
        </td>
      ))}
    </tr>
  );
}

/**
 * A page of an organization's users: role, status, how they came, when they last signed in, Tableau
 * license and direct data access at a glance; sortable columns sort on the server; a row opens the
 * user's profile.
 */
export function UsersTable({ organizationId, users, sort, onSort, productName, selection, onSelect }: UsersTableProps) {
  const navigate = useNavigate();
  const rows = users
    ? users.map((entry) => {
        const user = getFragmentData(UsersTableUserFragment, entry);
        return { ...user, email: scalarText(user.email) };
      })
    : null;
  const open = (email: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    // The name's own link handles its clicks (and keyboard); the rest of the row is a larger target.
    if ((event.target as HTMLElement).closest('a, label, input')) return;
    void navigate(userProfilePath(organizationId, email));
  };
  const selectable = selection !== undefined && onSelect !== undefined;
  const pageEmails = rows?.map((user) => user.email) ?? [];
  const selectedOnPage = selection ? pageEmails.filter((email) => isSelected(selection, email)).length : 0;
  const select = (emails: readonly string[], selected: boolean) =>
    selection && onSelect?.(withRows(selection, emails, selected, pageEmails));
  return (
    <HTMLTable className="meridian-users-table meridian-fit-table" interactive striped aria-busy={rows === null}>
      <thead>
        <tr>
          {selectable && (
            <th scope="col" className="meridian-users-select">
              <Checkbox
                aria-label="Select every user on this page"
                checked={pageEmails.length > 0 && selectedOnPage === pageEmails.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageEmails.length}
                disabled={pageEmails.length === 0}
                onChange={(event) => select(pageEmails, event.currentTarget.checked)}
              />
            </th>
          )}
          {COLUMNS.map((column) => (
            <ColumnHeader key={column.label} column={column} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows === null
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <SkeletonRow key={index} index={index} selectable={selectable} />
            ))
          : rows.map((user) => (
              <tr key={user.email} onClick={open(user.email)} data-testid="user-row">
                {selectable && (
                  <td className="meridian-users-select">
                    <Checkbox
                      aria-label={`Select ${user.name} (${user.email})`}
                      checked={isSelected(selection, user.email)}
                      onChange={(event) => select([user.email], event.currentTarget.checked)}
                    />
                  </td>
                )}
                <td className="meridian-col-fill">
                  <Link
                    to={userProfilePath(organizationId, user.email)}
                    className="meridian-cell-truncate"
                    title={user.name}
                  >
                    {user.name}
                  </Link>
                </td>
                <td className="meridian-col-fill">
                  <span className="meridian-cell-truncate" title={user.email}>
                    {user.email}
                  </span>
                </td>
                <td>{roleText(user.role, productName)}</td>
                <td>
                  <Tag minimal intent={statusIntent(statusOfEnum(user.status))}>
                    {statusLabel(statusOfEnum(user.status))}
                  </Tag>
                </td>
                <td className="meridian-col-optional">{provenanceLabel(user.provenance)}</td>
                <td>
                  {/* The date alone keeps the column narrow; the time on hover. */}
                  <span title={lastSignInText(user.lastSignInAt)}>
                    {user.lastSignInAt ? formatDate(user.lastSignInAt) : 'Never'}
                  </span>
                </td>
                <td className="meridian-col-optional">{tableauText(user.tableauLicense)}</td>
                <td className="meridian-col-optional">{user.directDataAccessEnabled ? 'Enabled' : 'Disabled'}</td>
              </tr>
            ))}
      </tbody>
    </HTMLTable>
  );
}
