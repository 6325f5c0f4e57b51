import { Button, Callout, H1, Intent, NonIdealState } from '@blueprintjs/core';
import { SearchIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useLocation, useParams } from 'react-router-dom';
import { ListSearchBox } from '../../components/ListSearchBox.js';
import { Pager } from '../../components/Pager.js';
import { useListState } from '../../components/useListState.js';
import { formatCount } from '../../lib/numbers.js';
import { usePageTitle } from '../../layout/page-title.js';
import { mayDo } from '../../session/access.js';
import { useSessionUser } from '../../session/useSessionUser.js';
import { LinkButton } from '../../components/LinkButton.js';
import { FeatureUnavailable } from './FeatureUnavailable.js';
import { messageOfError } from '../../components/mutation-outcome.js';
import { isFeatureUnavailable } from './gateway-errors.js';
import { editScreenName, KINDS, providerLinkEditPath, type LinkListKind } from './kinds.js';
import { KindTabs } from './list/KindTabs.js';
import { OrganizationSwitcher } from './list/OrganizationSwitcher.js';
import { ProviderLinksTable } from './list/ProviderLinksTable.js';
import { listQueryOf } from './list/list-return.js';
import { PROVIDER_LINKS_LIST } from './list/link-sort.js';
import { useProviderLinksList } from './list/useProviderLinksList.js';
import { OrganizationName } from './OrganizationName.js';
import '../../components/list-toolbar.css';
import './managed-providers.css';

export interface ProviderLinksPageProps {
  kind: 'aliases' | 'relationships';
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
          <LinkButton
            to={providerLinkEditPath(organizationId, kind, 'update')}
            intent={Intent.PRIMARY}
            icon={<UploadIcon />}
          >
            {editScreenName(kind, 'update')}
          </LinkButton>
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
  const { state, setSearch, setPage, sortBy } = useListState(PROVIDER_LINKS_LIST);
  const { search, page, sort } = state;
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
        title={`Page ${formatCount(page + 1)} is past the end`}
        description={`There are ${formatCount(list.pageInfo.total)} ${noun}.`}
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
          onSort={sortBy}
          listQuery={listQuery}
        />
        {list && (
          <Pager
            page={page}
            pageSize={PROVIDER_LINKS_LIST.pageSize}
            rows={list.rows.length}
            total={list.pageInfo.total}
            noun={list.pageInfo.total === 1 ? info.singular.toLowerCase() : noun}
            onPage={setPage}
          />
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
            <ListSearchBox
              key={kind}
              value={search}
              onSearch={setSearch}
              label={`Search ${noun}`}
              placeholder="Search by NPI, provider or value"
            />
          </div>
          {canWrite ? (
            <div className="meridian-list-actions">
              <LinkButton
                to={providerLinkEditPath(organizationId, kind, 'update') + listQuery}
                intent={Intent.PRIMARY}
                icon={<UploadIcon />}
              >
                {editScreenName(kind, 'update')}
              </LinkButton>
              <LinkButton
                to={providerLinkEditPath(organizationId, kind, 'remove') + listQuery}
                intent={Intent.DANGER}
                icon={<TrashIcon />}
              >
                {editScreenName(kind, 'remove')}
              </LinkButton>
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
