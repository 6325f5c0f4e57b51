import { H1 } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../layout/page-title.js';
import { BulkEditPage } from './bulk/BulkEditPage.js';
import { LinkButton } from '../../components/LinkButton.js';
import { FeatureUnavailable } from './FeatureUnavailable.js';
import { countOf } from './format.js';
import { editScreenName, KINDS } from './kinds.js';
import { useListReturnPath } from './list/list-return.js';
import { OrganizationName } from './OrganizationName.js';
import { SingleProviderPage } from './single/SingleProviderPage.js';
import { useProviderLinksAccess } from './useProviderLinksAccess.js';
import './managed-providers.css';

export interface ProviderLinksEditPageProps {
  kind: 'aliases' | 'relationships';
  mode: 'update' | 'remove';
}

/**
 * Update or remove provider links: in bulk from a CSV (no NPI in the path), or one provider's (with
 * the NPI). The route's guard has required configurations:write and the feature for the user's own
 * organization; an operator looking at an unlicensed organization is told so here.
 */
export default function ProviderLinksEditPage({ kind, mode }: ProviderLinksEditPageProps) {
  const name = editScreenName(kind, mode);
  usePageTitle(name);
  const params = useParams();
  const organizationId = params.orgId ?? '';
  const npi = params.npi;
  const info = KINDS[kind];
  const access = useProviderLinksAccess(organizationId, kind);
  const listPath = useListReturnPath(organizationId, kind);

  let body;
  if (access.featureUnavailable) body = <FeatureUnavailable />;
  else if (npi !== undefined)
    body = <SingleProviderPage organizationId={organizationId} kind={kind} mode={mode} npi={npi} />;
  else body = <BulkEditPage organizationId={organizationId} kind={kind} mode={mode} />;

  return (
    <div className="meridian-managed-providers">
      <header className="meridian-page-header">
        <div>
          <LinkButton to={listPath} icon={<ArrowLeftIcon />} variant="minimal">
            {`Managed Providers: ${info.plural}`}
          </LinkButton>
          <H1>{npi === undefined ? name : `${name}: NPI ${npi}`}</H1>
          <p className="meridian-page-subtitle">
            <OrganizationName organizationId={organizationId} />
            {access.total !== null && <> · {countOf(access.total, info.singular, info.plural.toLowerCase())} now</>}
          </p>
        </div>
      </header>
      {body}
    </div>
  );
}
