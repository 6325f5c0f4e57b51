import { Classes } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { KINDS, LIST_KINDS, providerLinksPath, type LinkListKind } from '../kinds.js';

export interface KindTabsProps {
  organizationId: string;
  /** The list shown. */
  current: LinkListKind;
}

/**
 * Aliases | Relationships: Blueprint's tab look on real links (each list has its own URL, which can be
 * opened in a new tab or bookmarked); the current one is marked aria-current.
 */
export function KindTabs({ organizationId, current }: KindTabsProps) {
  return (
    <nav aria-label="Managed provider lists">
      <div className={`${Classes.TAB_LIST} meridian-kind-tabs`}>
        {LIST_KINDS.map((kind) => (
          <NavLink
            key={kind}
            to={providerLinksPath(organizationId, kind)}
            className={Classes.TAB}
            aria-current={kind === current ? 'page' : undefined}
          >
            {KINDS[kind].plural}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
