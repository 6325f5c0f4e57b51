import { HTMLSelect } from '@blueprintjs/core';
import type { UserProvenance } from '@meridian/schema';
import { parseProvenance, PROVENANCE_FILTER_OPTIONS } from '../shared/user-provenance.js';

export interface UserProvenanceFilterProps {
  value: UserProvenance | null;
  onChange: (provenance: UserProvenance | null) => void;
}

/** The users list's source filter: everyone, or those who came one way (console, invitation, SSO, SCIM). */
export function UserProvenanceFilter({ value, onChange }: UserProvenanceFilterProps) {
  return (
    <HTMLSelect
      aria-label="Filter users by source"
      value={value ?? ''}
      options={PROVENANCE_FILTER_OPTIONS}
      onChange={(event) => onChange(parseProvenance(event.currentTarget.value))}
      className="meridian-users-provenance-filter"
    />
  );
}
