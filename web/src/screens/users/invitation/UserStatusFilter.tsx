import { HTMLSelect } from '@blueprintjs/core';
import type { UserStatus } from '@meridian/schema';
import { parseStatus, STATUS_FILTER_OPTIONS } from './user-status.js';

export interface UserStatusFilterProps {
  value: UserStatus | null;
  onChange: (status: UserStatus | null) => void;
}

/** The users list's status filter: all, active, invited or inactive (the server filters). */
export function UserStatusFilter({ value, onChange }: UserStatusFilterProps) {
  return (
    <HTMLSelect
      aria-label="Filter users by status"
      value={value ?? ''}
      options={STATUS_FILTER_OPTIONS}
      onChange={(event) => onChange(parseStatus(event.currentTarget.value))}
      className="meridian-users-status-filter"
    />
  );
}
