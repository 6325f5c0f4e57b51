import { Classes, HTMLTable } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { getFragmentData, graphql, type FragmentType } from '../../../gql/index.js';
import { EmailText } from '../../../components/EmailText.js';
import { SortableHeader } from '../../../components/SortableHeader.js';
import '../../../components/fit-table.css';
import { formatDateTime } from '../../../lib/dates.js';
import { formatPlace } from '../format.js';
import { KINDS, providerLinkEditPath, type LinkListKind } from '../kinds.js';
import type { LinkSort, LinkSortKey } from './link-sort.js';

export const ProviderLinksTableLinkFragment = graphql(`
  fragment ProviderLinksTable_link on ProviderLink {
    npi
    value
    updatedAt
    updatedBy
    provider {
      npi
      name
      specialty
      city
      state
      zip
    }
  }
`);

export interface ProviderLinksTableProps {
  kind: LinkListKind;
  organizationId: string;
  /** The page's links; null while they load (skeleton rows are shown). */
  links: readonly FragmentType<typeof ProviderLinksTableLinkFragment>[] | null;
  /** How many skeleton rows stand in while loading. */
  skeletonRows?: number;
  /** Edit and remove links on each row (configurations:write). */
  canWrite: boolean;
  sort: LinkSort;
  onSort: (key: LinkSortKey) => void;
  /** The list's URL parameters ("?search=…"), carried to the edit pages so they come back to this list. */
  listQuery?: string;
}

/** The columns before the value, by sort key. */
const COLUMNS: readonly { key: LinkSortKey; label: string; optional?: boolean }[] = [
  { key: 'npi', label: 'NPI' },
  { key: 'provider', label: 'Provider' },
  // Second rank: dropped where the list is narrow (components/fit-table.css).
  { key: 'specialty', label: 'Specialty', optional: true },
  { key: 'place', label: 'Place' },
];
const OPTIONAL = 'meridian-col-optional';

function SkeletonRows({ count, columns }: { count: number; columns: number }) {
  return Array.from({ length: count }, (_, row) => (
    <tr key={row} aria-hidden>
      {Array.from({ length: columns }, (__, cell) => (
        <td key={cell}>
          <span className={Classes.SKELETON}>Loading provider</span>
        </td>
      ))}
    </tr>
  ));
}

/** One page of an organization's aliases or relationships, with each provider from the directory. */
export function ProviderLinksTable({
  kind,
  organizationId,
  links,
  skeletonRows = 10,
  canWrite,
  sort,
  onSort,
  listQuery = '',
}: ProviderLinksTableProps) {
  const info = KINDS[kind];
  const rows = getFragmentData(ProviderLinksTableLinkFragment, links ?? []);
  const columnCount = COLUMNS.length + 3 + (canWrite ? 1 : 0);
  return (
    <HTMLTable className="meridian-provider-links-table" striped compact aria-busy={links === null}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortableHeader
              key={column.key}
              label={column.label}
              sortKey={column.key}
              sort={sort}
              onSort={onSort}
              className={column.optional ? OPTIONAL : undefined}
            />
          ))}
          <SortableHeader label={info.valueLabel} sortKey="value" sort={sort} onSort={onSort} />
          <SortableHeader label="Last changed" sortKey="changed" sort={sort} onSort={onSort} />
          <SortableHeader label="Changed by" sortKey="changedBy" sort={sort} onSort={onSort} className={OPTIONAL} />
          {canWrite && (
            <th scope="col">
              <span className="meridian-visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {links === null ? (
          <SkeletonRows count={skeletonRows} columns={columnCount} />
        ) : (
          rows.map((link) => (
            <tr key={link.npi}>
              <td className="meridian-npi">{link.npi}</td>
              <td>{link.provider?.name ?? '—'}</td>
              <td className={OPTIONAL}>{link.provider?.specialty ?? '—'}</td>
              <td>{link.provider ? formatPlace(link.provider) : '—'}</td>
              <td>{link.value}</td>
              <td className="meridian-changed-at">
                <time dateTime={link.updatedAt}>{formatDateTime(link.updatedAt)}</time>
              </td>
              <td className={`${Classes.TEXT_MUTED} ${OPTIONAL}`}>
                <EmailText email={link.updatedBy} />
              </td>
              {canWrite && (
                <td className="meridian-row-actions">
                  <Link
                    to={providerLinkEditPath(organizationId, kind, 'update', link.npi) + listQuery}
                    className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
                    aria-label={`Edit the ${info.singular} of NPI ${link.npi}`}
                    title={`Edit ${info.singular}`}
                  >
                    <EditIcon />
                  </Link>
                  <Link
                    to={providerLinkEditPath(organizationId, kind, 'remove', link.npi) + listQuery}
                    className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL} ${Classes.INTENT_DANGER}`}
                    aria-label={`Remove the ${info.singular} of NPI ${link.npi}`}
                    title={`Remove ${info.singular}`}
                  >
                    <TrashIcon />
                  </Link>
                </td>
              )}
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}
