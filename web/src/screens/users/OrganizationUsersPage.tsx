import { useState } from 'react';
import { Button, Callout, Classes, H1, Intent, NonIdealState } from '@blueprintjs/core';
import { ArrowLeftIcon, CogIcon, NewPersonIcon, PeopleIcon, SearchIcon } from '@blueprintjs/icons';
import { useParams } from 'react-router-dom';
import { USER_PROVENANCE_LABELS } from '@meridian/schema';
import { useFreshQuery } from '../../apollo/useFreshQuery.js';
import { useRuntimeConfig } from '../../config/runtime.js';
import { usePageTitle } from '../../layout/page-title.js';
import { Breadcrumbs } from '../../components/Breadcrumbs.js';
import { organizationCrumbs } from '../../components/organization-crumbs.js';
import { createUserPath, organizationUpdatePath, PATHS } from '../../routes/paths.js';
import { canAccessRoute } from '../../routes/route-access.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { LinkButton } from '../../components/LinkButton.js';
import { OrganizationUsersHeaderQuery, OrganizationUsersQuery } from './list/users-list-query.js';
import { USERS_LIST, usersQueryVariables } from './list/users-list-state.js';
import { Pager, pagesOf } from '../../components/Pager.js';
import { ListSearchBox } from '../../components/ListSearchBox.js';
import { UsersTable } from './list/UsersTable.js';
import { statusLabel } from './invitation/user-status.js';
import { UserStatusFilter } from './invitation/UserStatusFilter.js';
import { UserProvenanceFilter } from './list/UserProvenanceFilter.js';
import { useCommittedValue } from '../../components/useCommittedValue.js';
import { useListState } from '../../components/useListState.js';
import { UsersBulkActions } from './list/UsersBulkActions.js';
import { NO_SELECTION, selectedCount, type UserSelection } from './list/user-selection.js';
import { useUsersExport } from './list/export-users.js';
import { ExportButton } from '../../components/ExportButton.js';
import { formatCount } from '../../lib/numbers.js';
import './users.css';

interface UsersHeaderProps {
  organizationId: string;
  /** The organization's name; undefined until the header query answers. */
  name: string | undefined;
  loading: boolean;
}

/** The heading: where the page sits, the organization's name and the ways on the role may take. */
function UsersHeader({ organizationId, name, loading }: UsersHeaderProps) {
  const { user } = useSessionUser();
  const mayOpenSettings = user !== null && canAccessRoute(user, 'organizationUpdate', { orgId: organizationId });
  return (
    <header className="meridian-users-header">
      <Breadcrumbs items={organizationCrumbs(organizationId, name ?? organizationId, { text: 'Users' })} />
      {mayDo(user, 'organizations') && (
        <LinkButton to={PATHS.organizations} variant="minimal" icon={<ArrowLeftIcon />}>
          Back to Organizations
        </LinkButton>
      )}
      <div className="meridian-users-title">
        <div>
          <H1 className={name === undefined && loading ? Classes.SKELETON : undefined}>
            {name ?? (loading ? 'Organization' : organizationId)}
          </H1>
          <p className={Classes.TEXT_MUTED}>Users of the organization</p>
        </div>
        <div className="meridian-users-actions">
          {mayOpenSettings && (
            <LinkButton to={organizationUpdatePath(organizationId)} icon={<CogIcon />}>
              Organization settings
            </LinkButton>
          )}
          {mayDo(user, 'createUser', { organizationId }) && (
            <LinkButton to={createUserPath(organizationId)} intent={Intent.PRIMARY} icon={<NewPersonIcon />}>
              Create user
            </LinkButton>
          )}
        </div>
      </div>
    </header>
  );
}

/** An organization id that names nobody: say so, and lead back rather than offer users to create. */
function OrganizationNotFound({ organizationId }: { organizationId: string }) {
  const { user } = useSessionUser();
  const mayList = mayDo(user, 'organizations');
  return (
    <NonIdealState
      icon={<SearchIcon size={48} />}
      title="Organization not found"
      description={`No organization has the id “${organizationId}”. It may have been mistyped, or the link is out of date.`}
      action={
        <LinkButton to={mayList ? PATHS.organizations : PATHS.home} icon={<ArrowLeftIcon />}>
          {mayList ? 'Back to Organizations' : 'Go to the home page'}
        </LinkButton>
      }
    />
  );
}

/** The users list of one organization (state, query and table start afresh for another). */
function UsersOfOrganization({ orgId }: { orgId: string }) {
  const { productName } = useRuntimeConfig();
  const { user } = useSessionUser();
  const { state, setSearch, setPage, sortBy, setFilter } = useListState(USERS_LIST, orgId);
  const status = state.filters.status;
  const setStatus = (next: typeof status) => setFilter('status', next);
  const provenance = state.filters.provenance;
  const setProvenance = (next: typeof provenance) => setFilter('provenance', next);
  const header = useFreshQuery(OrganizationUsersHeaderQuery, { variables: { organizationId: orgId } });
  const name = header.data?.organization?.name;
  const notFound = header.data !== undefined && header.data.organization === null;
  usePageTitle(name ? `${name} users` : 'Users');
  const wanted = usersQueryVariables(orgId, state);
  const variables = useCommittedValue(wanted, JSON.stringify(wanted));
  const list = useFreshQuery(OrganizationUsersQuery, { variables, skip: notFound });
  // While another page loads, the pager keeps the total it knew.
  const page = list.data?.users ?? list.previousData?.users;
  const rows = list.data?.users.rows ?? null;
  const total = page?.pageInfo.total ?? 0;
  // The selection belongs to one search: another search starts with none (what is "all matching" changes).
  const [selected, setSelected] = useState({ search: state.search, value: NO_SELECTION });
  const selection = selected.search === state.search ? selected.value : NO_SELECTION;
  const setSelection = (value: UserSelection) => setSelected({ search: state.search, value });
  const maySelect = mayDo(user, 'setUsersActive', { organizationId: orgId });
  const selectionSize = selectedCount(selection);
  const { organizationId, search, sort, status: statusVariable, provenance: provenanceVariable } = variables;
  const exporter = useUsersExport(
    {
      organizationId,
      search: search ?? null,
      sort: sort ?? null,
      status: statusVariable ?? null,
      provenance: provenanceVariable ?? null,
    },
    selection,
    productName,
  );

  if (notFound) {
    return (
      <div className="meridian-users-page">
        <Breadcrumbs items={organizationCrumbs(orgId, orgId, { text: 'Not found' })} />
        <OrganizationNotFound organizationId={orgId} />
      </div>
    );
  }

  let body;
  if (list.error && !list.data) {
    body = (
      <Callout intent={Intent.DANGER} title="The users could not be loaded">
        <p>{messageOfError(list.error)}</p>
        <Button onClick={() => void list.refetch().catch(() => undefined)}>Try again</Button>
      </Callout>
    );
  } else if (rows && rows.length === 0) {
    body =
      state.page > 0 && total > 0 ? (
        <NonIdealState
          icon={<PeopleIcon size={48} />}
          title={`There is no page ${state.page + 1}`}
          description={`These users fill ${pagesOf(total, USERS_LIST.pageSize)} pages.`}
          action={<Button onClick={() => setPage(0)}>Go to the first page</Button>}
        />
      ) : provenance !== null ? (
        <NonIdealState
          icon={<SearchIcon size={48} />}
          title="No users from this source"
          description={`Nobody came through ${USER_PROVENANCE_LABELS[provenance].toLowerCase()}${
            status !== null ? ` with the status ${statusLabel(status).toLowerCase()}` : ''
          }${state.search ? ` matching “${state.search}”` : ''}.`}
          action={<Button onClick={() => setProvenance(null)}>Show all sources</Button>}
        />
      ) : status !== null ? (
        <NonIdealState
          icon={<SearchIcon size={48} />}
          title="No users with this status"
          description={`No ${statusLabel(status).toLowerCase()} users${state.search ? ` match “${state.search}”` : ''}.`}
          action={<Button onClick={() => setStatus(null)}>Show all statuses</Button>}
        />
      ) : state.search ? (
        <NonIdealState
          icon={<SearchIcon size={48} />}
          title="No users match your search"
          description={`Nobody's name or email contains “${state.search}”.`}
          action={<Button onClick={() => setSearch('')}>Clear search</Button>}
        />
      ) : (
        <NonIdealState
          icon={<PeopleIcon size={48} />}
          title="No users yet"
          description="This organization has no users."
          action={
            mayDo(user, 'createUser', { organizationId: orgId }) ? (
              <LinkButton to={createUserPath(orgId)} intent={Intent.PRIMARY} icon={<NewPersonIcon />}>
                Create user
              </LinkButton>
            ) : undefined
          }
        />
      );
  } else {
    body = (
      <>
        {maySelect && (
          <UsersBulkActions
            organizationId={orgId}
            search={state.search}
            total={total}
            pageCount={rows?.length ?? 0}
            selection={selection}
            onSelect={setSelection}
          />
        )}
        <UsersTable
          organizationId={orgId}
          users={rows}
          sort={state.sort}
          onSort={sortBy}
          productName={productName}
          {...(maySelect ? { selection, onSelect: setSelection } : {})}
        />
        {page && (
          <Pager
            page={state.page}
            pageSize={USERS_LIST.pageSize}
            rows={rows?.length ?? 0}
            total={total}
            noun={total === 1 ? 'user' : 'users'}
            onPage={setPage}
            disabled={!rows}
          />
        )}
      </>
    );
  }

  return (
    <div className="meridian-users-page">
      <UsersHeader organizationId={orgId} name={name} loading={header.loading} />
      <div className="meridian-users-filters">
        <ListSearchBox
          value={state.search}
          onSearch={setSearch}
          label="Search users by name or email"
          placeholder="Search by name or email"
          className="meridian-users-search"
        />
        <UserStatusFilter value={status} onChange={setStatus} />
        <UserProvenanceFilter value={provenance} onChange={setProvenance} />
        <ExportButton
          exporter={exporter}
          noun="users"
          disabled={total === 0 || notFound}
          label={selectionSize > 0 ? `Export ${formatCount(selectionSize)} selected` : 'Export CSV'}
        />
      </div>
      {body}
    </div>
  );
}

/**
 * /admin/org-management/{orgId}: the organization's users, searched, sorted and paged by the server,
 * with the list's state in the URL. A row opens the user's profile.
 */
export function OrganizationUsersPage() {
  const { orgId = '' } = useParams();
  return <UsersOfOrganization key={orgId} orgId={orgId} />;
}

export default OrganizationUsersPage;
