import { Button, Tag } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { statusLook } from '../shared/organization-status.js';

export interface ListFiltersProps {
  /** The customer segment filtered to (its id), if any. */
  segment: string | null;
  /** The lifecycle state filtered to, if any. */
  status: string | null;
  /** A segment's display name from the catalog. */
  segmentName: (id: string) => string;
  onClear: (filter: 'segment' | 'status') => void;
}

function Filter({ label, clearLabel, onClear }: { label: string; clearLabel: string; onClear: () => void }) {
  return (
    <span className="meridian-list-filter">
      <Tag minimal round>
        {label}
      </Tag>
      <Button variant="minimal" size="small" icon={<CrossIcon />} aria-label={clearLabel} onClick={onClear} />
    </span>
  );
}

/** The filters a link opened the list with (e.g. from an analytics chart), each removable. */
export function ListFilters({ segment, status, segmentName, onClear }: ListFiltersProps) {
  if (!segment && !status) return null;
  return (
    <div className="meridian-list-filters" role="group" aria-label="Filters">
      <span>Showing only</span>
      {segment && (
        <Filter
          label={`Segment: ${segmentName(segment)}`}
          clearLabel="Show every segment"
          onClear={() => onClear('segment')}
        />
      )}
      {status && (
        <Filter
          label={`Status: ${statusLook(status).label}`}
          clearLabel="Show every state"
          onClear={() => onClear('status')}
        />
      )}
    </div>
  );
}
