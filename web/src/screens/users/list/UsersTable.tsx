import { Button, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { CaretDownIcon, CaretUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { userProfilePath } from '../../../routes/paths.js';
import { statusIntent, statusLabel, statusOfEnum } from '../invitation/user-status.js';
import { roleText, scalarText, tableauText } from '../shared/user-fields.js';
import type { UserSortKey, UsersSort } from './users-list-state.js';

export const UsersTableUserFragment = graphql(`
  fragment UsersTable_user on User {
    email
    name
    role
    active
    status
    tableauLicense
    directDataAccessEnabled
  }
`);

interface Column {
  label: string;
  /** The server sorts by it (the contract's UserSortField). */
  sortKey?: UserSortKey;
}

const COLUMNS: readonly Column[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Email', sortKey: 'email' },
  { label: 'Role', sortKey: 'role' },
  { label: 'Status', sortKey: 'active' },
  { label: 'Tableau license' },
  { label: 'Direct data access' },
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
}

function SortHeader({ column, sort, onSort }: { column: Column; sort: UsersSort; onSort: UsersTableProps['onSort'] }) {
  if (!column.sortKey) return <th scope="col">{column.label}</th>;
  const key = column.sortKey;
  const active = sort.field === key;
  const direction = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  const icon = !active ? (
    <DoubleCaretVerticalIcon className={Classes.TEXT_MUTED} />
  ) : sort.descending ? (
    <CaretDownIcon />
  ) : (
    <CaretUpIcon />
  );
  return (
    <th scope="col" aria-sort={direction}>
      <Button
        variant="minimal"
        size="small"
        endIcon={icon}
        onClick={() => onSort(key)}
        aria-label={`Sort by ${column.label.toLowerCase()}`}
        className="meridian-users-sort"
      >
        {column.label}
      </Button>
    </th>
  );
}

/** A cell's text as a skeleton bar of about its width. */
function SkeletonRow({ index }: { index: number }) {
  return (
    <tr aria-hidden="true" data-testid="user-row-skeleton">
      {COLUMNS.map((column) => (
        <td key={column.label}>
          <span className={Classes.SKELETON}>{index % 2 ? 'Skeleton text' : 'Longer skeleton text'}</span>
        </td>
      ))}
    </tr>
  );
}

/**
 * A page of an organization's users: role, status, Tableau license and direct data access at a
 * glance; sortable columns sort on the server; a row opens the user's profile.
 */
export function UsersTable({ organizationId, users, sort, onSort, productName }: UsersTableProps) {
  const navigate = useNavigate();
  const rows = users
    ? users.map((entry) => {
        const user = getFragmentData(UsersTableUserFragment, entry);
        return { ...user, email: scalarText(user.email) };
      })
    : null;
  const open = (email: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    // The name's own link handles its clicks (and keyboard); the rest of the row is a larger target.
    if ((event.target as HTMLElement).closest('a')) return;
    void navigate(userProfilePath(organizationId, email));
  };
  return (
    <HTMLTable className="meridian-users-table" interactive striped aria-busy={rows === null}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader key={column.label} column={column} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows === null
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} index={index} />)
          : rows.map((user) => (
              <tr key={user.email} onClick={open(user.email)} data-testid="user-row">
                <td>
                  <Link to={userProfilePath(organizationId, user.email)}>{user.name}</Link>
                </td>
                <td>{user.email}</td>
                <td>{roleText(user.role, productName)}</td>
                <td>
                  <Tag minimal intent={statusIntent(statusOfEnum(user.status))}>
                    {statusLabel(statusOfEnum(user.status))}
                  </Tag>
                </td>
                <td>{tableauText(user.tableauLicense)}</td>
                <td>{user.directDataAccessEnabled ? 'Enabled' : 'Disabled'}</td>
              </tr>
            ))}
      </tbody>
    </HTMLTable>
  );
}
