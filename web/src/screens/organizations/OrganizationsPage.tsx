import { Button, Callout, H1, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { OfficeIcon, PlusIcon, SearchIcon } from '@blueprintjs/icons';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { useCommittedValue } from '../../components/useCommittedValue.js';
import { sameSearchText, useUrlDraft } from '../../components/useUrlDraft.js';
import { graphql } from '../../gql/index.js';
import { usePageTitle } from '../../layout/page-title.js';
import { PATHS } from '../../routes/paths.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { listVariables, nextSort, pageCount, type SortKey } from './list/list-params.js';
import { ListFilters } from './list/ListFilters.js';
import { ListPager } from './list/ListPager.js';
import { LinkButton } from './shared/LinkButton.js';
import { OrganizationsTable } from './list/OrganizationsTable.js';
import { UserFinder } from './list/UserFinder.js';
import { useOrganizationsListState } from './list/useOrganizationsListState.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { useCustomerSegments } from './shared/useCustomerSegments.js';
import { useDebouncedValue } from '../../components/useDebouncedValue.js';
import './organizations.css';

const OrganizationsListDocument = graphql(`
  query OrganizationsList(
    $search: String
    $customerSegment: String
    $status: OrganizationStatus
    $sort: OrganizationSort
    $offset: Int
    $limit: Int
  ) {
    organizations(
      search: $search
      customerSegment: $customerSegment
      status: $status
      sort: $sort
      offset: $offset
      limit: $limit
    ) {
      rows {
        id
        ...OrganizationsTable_organization
      }
      pageInfo {
        total
        limit
        offset
      }
    }
  }
`);

/**
 * /admin/org-management: every organization, searched, sorted and paged by the gateway, with its
 * lifecycle state and license use; operators also find any user here.
 */
export default function OrganizationsPage() {
  usePageTitle('Organizations');
  const searchId = useId();
  const navigate = useNavigate();
  const { user } = useSessionUser();
  const { state, update } = useOrganizationsListState();
  const { nameOf } = useCustomerSegments();

  // The box shows what is typed at once; the URL (and the query) follow once typing pauses. Moving
  // through history changes the URL's search: the box follows it.
  const [text, setText] = useUrlDraft(state.search, sameSearchText);
  const typed = useDebouncedValue(text);
  useEffect(() => {
    if (typed.trim() !== state.search.trim()) update({ search: typed, page: 0 }, { replace: true });
    // Only a settled change of the text searches; URL changes are followed above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const wanted = listVariables(state);
  const variables = useCommittedValue(wanted, JSON.stringify(wanted));
  const { data, loading, error, refetch } = useFreshQuery(OrganizationsListDocument, { variables });
  const page = data?.organizations;
  const total = page?.pageInfo.total ?? 0;
  const pages = pageCount(total);
  const mayCreate = mayDo(user, 'createOrganization');
  const mayChange = mayDo(user, 'updateOrganization');
  const onSort = (key: SortKey) => update({ sort: nextSort(state.sort, key), page: 0 });
  const createOrganization = () => void navigate(PATHS.createOrganization);

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
          <label htmlFor={searchId} className="meridian-visually-hidden">
            Search organizations by name or id
          </label>
          <InputGroup
            id={searchId}
            type="search"
            leftIcon={<SearchIcon />}
            placeholder="Search organizations by name or id"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            rightElement={loading && page ? <span className="meridian-list-updating">Updating…</span> : undefined}
          />
        </div>
        <ListFilters
          segment={state.segment}
          status={state.status}
          segmentName={nameOf}
          onClear={(filter) => update({ [filter]: undefined, page: 0 })}
        />

        {error !== undefined && !page ? (
          <Callout intent={Intent.DANGER} title="The organizations could not be loaded">
            <p>{messageOfError(error)}</p>
            <Button onClick={() => void refetch().catch(() => undefined)}>Try again</Button>
          </Callout>
        ) : page && page.rows.length === 0 ? (
          <EmptyList
            search={state.search}
            filtered={state.segment !== undefined || state.status !== undefined}
            pastTheEnd={total > 0}
            mayCreate={mayCreate}
            onClearSearch={() => {
              setText('');
              update({ search: '', page: 0 });
            }}
            onFirstPage={() => update({ page: 0 })}
            onCreate={createOrganization}
          />
        ) : (
          <>
            <OrganizationsTable
              rows={page ? page.rows : null}
              sort={state.sort}
              onSort={onSort}
              segmentName={nameOf}
              manageLabel={mayChange ? 'Manage' : 'View'}
            />
            {page && (
              <ListPager
                page={state.page}
                pageCount={pages}
                total={total}
                noun={total === 1 ? 'organization' : 'organizations'}
                onPage={(next) => update({ page: next })}
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
