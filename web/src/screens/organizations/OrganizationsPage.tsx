import { Button, Callout, H1, Intent, NonIdealState } from '@blueprintjs/core';
import { OfficeIcon, PlusIcon, SearchIcon } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { useCommittedValue } from '../../components/useCommittedValue.js';
import { ListSearchBox } from '../../components/ListSearchBox.js';
import { LinkButton } from '../../components/LinkButton.js';
import { Pager } from '../../components/Pager.js';
import { useListState } from '../../components/useListState.js';
import { usePageTitle } from '../../layout/page-title.js';
import { PATHS } from '../../routes/paths.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { listVariables, ORGANIZATIONS_LIST } from './list/list-params.js';
import { OrganizationsListDocument } from './list/organizations-list-query.js';
import { ListFilters } from './list/ListFilters.js';
import { OrganizationsTable } from './list/OrganizationsTable.js';
import { UserFinder } from './list/UserFinder.js';
import { useOrganizationsExport } from './list/export-organizations.js';
import { ExportButton } from '../../components/ExportButton.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { useCustomerSegments } from './shared/useCustomerSegments.js';
import '../../components/list-toolbar.css';
import './organizations.css';

/**
 * /admin/org-management: every organization, searched, sorted and paged by the gateway, with its
 * lifecycle state and license use; operators also find any user here.
 */
export default function OrganizationsPage() {
  usePageTitle('Organizations');
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const { state, setSearch, setPage, sortBy, setFilter } = useListState(ORGANIZATIONS_LIST);
  const { nameOf } = useCustomerSegments();

  const wanted = listVariables(state);
  const variables = useCommittedValue(wanted, JSON.stringify(wanted));
  const { data, loading, error, refetch } = useFreshQuery(OrganizationsListDocument, { variables });
  const page = data?.organizations;
  const total = page?.pageInfo.total ?? 0;
  const mayCreate = mayDo(user, 'createOrganization');
  const mayChange = mayDo(user, 'updateOrganization');
  const createOrganization = () => void navigate(PATHS.createOrganization);
  const { offset: _offset, limit: _limit, ...exportFilters } = variables;
  const exporter = useOrganizationsExport(exportFilters, nameOf);

  return (
    <div className="meridian-page meridian-organizations-page">
      <header className="meridian-page-header">
        <H1>Organizations</H1>
        {mayCreate && (
          <LinkButton intent={Intent.PRIMARY} icon={<PlusIcon />} to={PATHS.createOrganization}>
            Create organization
          </LinkButton>
        )}
      </header>

      {mayDo(user, 'searchAllUsers') && <UserFinder />}

      <section aria-label="Organizations list" className="meridian-organizations-list">
        <div className="meridian-list-toolbar">
          <div className="meridian-list-search">
            <ListSearchBox
              value={state.search}
              onSearch={setSearch}
              label="Search organizations by name or id"
              placeholder="Search organizations by name or id"
              rightElement={loading && page ? <span className="meridian-list-updating">Updating…</span> : undefined}
            />
          </div>
          <div className="meridian-list-actions">
            <ExportButton exporter={exporter} noun="organizations" disabled={!page || total === 0} />
          </div>
        </div>
        <ListFilters
          segment={state.filters.segment}
          status={state.filters.status}
          segmentName={nameOf}
          onClear={(filter) => setFilter(filter, null)}
        />

        {error !== undefined && !page ? (
          <Callout intent={Intent.DANGER} title="The organizations could not be loaded">
            <p>{messageOfError(error)}</p>
            <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
          </Callout>
        ) : page && page.rows.length === 0 ? (
          <EmptyList
            search={state.search}
            filtered={state.filters.segment !== null || state.filters.status !== null}
            pastTheEnd={total > 0}
            mayCreate={mayCreate}
            onClearSearch={() => setSearch('')}
            onFirstPage={() => setPage(0)}
            onCreate={createOrganization}
          />
        ) : (
          <>
            <OrganizationsTable
              rows={page ? page.rows : null}
              sort={state.sort}
              onSort={sortBy}
              segmentName={nameOf}
              manageLabel={mayChange ? 'Manage' : 'View'}
            />
            {page && (
              <Pager
                page={state.page}
                pageSize={ORGANIZATIONS_LIST.pageSize}
                rows={page.rows.length}
                total={total}
                noun={total === 1 ? 'organization' : 'organizations'}
                onPage={setPage}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

interface EmptyListProps {
  search: string;
  /** Filters narrow the list (a segment or a state). */
  filtered: boolean;
  /** Organizations exist, but the page asked for is past the last one. */
  pastTheEnd: boolean;
  mayCreate: boolean;
  onClearSearch: () => void;
  onFirstPage: () => void;
  onCreate: () => void;
}

function EmptyList({ search, filtered, pastTheEnd, mayCreate, onClearSearch, onFirstPage, onCreate }: EmptyListProps) {
  if (pastTheEnd) {
    return (
      <NonIdealState
        icon={<OfficeIcon />}
        title="This page is past the end of the list"
        action={<Button onClick={onFirstPage}>Go to the first page</Button>}
      />
    );
  }
  if (search.trim() !== '' || filtered) {
    return (
      <NonIdealState
        icon={<SearchIcon />}
        title="No organization matches"
        description={
          search.trim() !== ''
            ? `No organization’s name or id contains “${search.trim()}”.`
            : 'No organization is in the segment and state shown above.'
        }
        action={<Button onClick={onClearSearch}>Clear the search</Button>}
      />
    );
  }
  return (
    <NonIdealState
      icon={<OfficeIcon />}
      title="No organizations yet"
      description="Organizations appear here once they are created."
      action={
        mayCreate ? (
          <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={onCreate}>
            Create organization
          </Button>
        ) : undefined
      }
    />
  );
}
