import { Button, Callout, H1, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { SearchIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useLocation, useParams } from 'react-router-dom';
import { nextColumnSort } from '../../components/SortableHeader.js';
import { sameSearchText, useUrlDraft } from '../../components/useUrlDraft.js';
import { usePageTitle } from '../../layout/page-title.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { ButtonLink } from './ButtonLink.js';
import { FeatureUnavailable } from './FeatureUnavailable.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { isFeatureUnavailable } from './gateway-errors.js';
import { editScreenName, KINDS, providerLinkEditPath, type LinkListKind } from './kinds.js';
import { KindTabs } from './list/KindTabs.js';
import { ListPager } from './list/ListPager.js';
import { OrganizationSwitcher } from './list/OrganizationSwitcher.js';
import { ProviderLinksTable } from './list/ProviderLinksTable.js';
import { useDebouncedCallback } from './list/useDebouncedCallback.js';
import { listQueryOf } from './list/list-return.js';
import { useListUrlState } from './list/useListUrlState.js';
import { LIST_PAGE_SIZE, useProviderLinksList } from './list/useProviderLinksList.js';
import { OrganizationName } from './OrganizationName.js';
import './managed-providers.css';

export interface ProviderLinksPageProps {
  kind: 'aliases' | 'relationships';
}

/** The search box: typed text shows at once, the URL (and so the query) follows after a pause. */
function SearchBox({
  kind,
  search,
  onSearch,
}: {
  kind: LinkListKind;
  search: string;
  onSearch: (text: string) => void;
}) {
  // Shows the URL's search when it changes from elsewhere (back button, a tab).
  const [text, setText] = useUrlDraft(search, sameSearchText);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()));
  return (
    <InputGroup
      type="search"
      leftIcon={<SearchIcon />}
      placeholder="Search by NPI, provider or value"
      aria-label={`Search ${KINDS[kind].plural.toLowerCase()}`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        debounced.run(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        debounced.cancel();
        onSearch(text.trim());
      }}
    />
  );
}

/** An empty list: none yet (with a way to add some), or none matching the search. */
function EmptyList({
  kind,
  organizationId,
  search,
  canWrite,
  onClear,
}: {
  kind: LinkListKind;
  organizationId: string;
  search: string;
  canWrite: boolean;
  onClear: () => void;
}) {
  const info = KINDS[kind];
  if (search) {
    return (
      <NonIdealState
        icon={<SearchIcon size={48} />}
        title={`No ${info.plural.toLowerCase()} match “${search}”`}
        description="Search looks at NPIs, provider names and values."
        action={<Button text="Clear search" onClick={onClear} />}
      />
    );
  }
  return (
    <NonIdealState
      icon={<UploadIcon size={48} />}
      title={`No ${info.plural.toLowerCase()} yet`}
      description={
        canWrite
          ? `Upload or paste a CSV of NPIs and ${info.plural.toLowerCase()} to add them.`
          : `Nobody has added ${info.plural.toLowerCase()} for this organization.`
      }
      action={
        canWrite ? (
          <ButtonLink
            to={providerLinkEditPath(organizationId, kind, 'update')}
            intent={Intent.PRIMARY}
            icon={<UploadIcon />}
          >
            {editScreenName(kind, 'update')}
          </ButtonLink>
        ) : undefined
      }
    />
  );
}

/**
 * /config/{orgId}/managed-providers/{aliases|relationships}: the organization's links of one kind, a
 * page at a time, searched on the server; search and page live in the URL. Update and Remove lead to
 * the bulk screens for whoever holds configurations:write.
 */
export default function ProviderLinksPage({ kind }: ProviderLinksPageProps) {
  usePageTitle('Managed Providers');
  const organizationId = useParams().orgId ?? '';
  const { user } = useSessionUser();
  const canWrite = mayDo(user, 'upsertProviderLinks', { organizationId });
  const { search, page, setSearch, setPage, sort, setSort } = useListUrlState();
  const { data, error, loading, refetch } = useProviderLinksList(organizationId, kind, search, page, sort);
  // Edit pages carry the list's state, so saving or going back returns to this very list.
  const listQuery = listQueryOf(useLocation().search);
  const info = KINDS[kind];
  const list = data?.providerLinks;
  const noun = info.plural.toLowerCase();

  const featureMissing = !list && isFeatureUnavailable(error);
  let body;
  if (featureMissing) body = <FeatureUnavailable />;
  else if (error && !list)
    body = (
      <Callout intent={Intent.DANGER} title={`The ${noun} could not be loaded`}>
        <p>{messageOfError(error)}</p>
        <Button text="Try again" onClick={() => void refetch().catch(() => undefined)} />
      </Callout>
    );
  else if (list && list.pageInfo.total === 0)
    body = (
      <EmptyList
        kind={kind}
        organizationId={organizationId}
        search={search}
        canWrite={canWrite}
        onClear={() => setSearch('')}
      />
    );
  else if (list && list.rows.length === 0)
    body = (
      <NonIdealState
        title={`Page ${(page + 1).toLocaleString('en-US')} is past the end`}
        description={`There are ${list.pageInfo.total.toLocaleString('en-US')} ${noun}.`}
        action={<Button text="First page" onClick={() => setPage(0)} />}
      />
    );
  else
    body = (
      <>
        <ProviderLinksTable
          kind={kind}
          organizationId={organizationId}
          links={loading && !list ? null : (list?.rows ?? null)}
          canWrite={canWrite}
          sort={sort}
          onSort={(key) => setSort(nextColumnSort(sort, key))}
          listQuery={listQuery}
        />
        {list && (
          <ListPager page={page} pageSize={LIST_PAGE_SIZE} total={list.pageInfo.total} onPage={setPage} noun={noun} />
        )}
      </>
    );

  return (
    <div className="meridian-managed-providers">
      <header className="meridian-page-header">
        <div>
          <H1>Managed Providers</H1>
          <p className="meridian-page-subtitle">
            <OrganizationName organizationId={organizationId} />
          </p>
        </div>
        {mayDo(user, 'organizations') && <OrganizationSwitcher kind={kind} />}
      </header>
      <KindTabs organizationId={organizationId} current={kind} />
      {!featureMissing && (
        <div className="meridian-list-toolbar">
          <div className="meridian-list-search">
            <SearchBox key={kind} kind={kind} search={search} onSearch={setSearch} />
          </div>
          {canWrite ? (
            <div className="meridian-list-actions">
              <ButtonLink
                to={providerLinkEditPath(organizationId, kind, 'update') + listQuery}
                intent={Intent.PRIMARY}
                icon={<UploadIcon />}
              >
                {editScreenName(kind, 'update')}
              </ButtonLink>
              <ButtonLink
                to={providerLinkEditPath(organizationId, kind, 'remove') + listQuery}
                intent={Intent.DANGER}
                icon={<TrashIcon />}
              >
                {editScreenName(kind, 'remove')}
              </ButtonLink>
            </div>
          ) : (
            <p className="meridian-list-note">View only: your role can see managed providers but not change them.</p>
          )}
        </div>
      )}
      {body}
    </div>
  );
}
