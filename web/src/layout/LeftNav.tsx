import { Button, Classes } from '@blueprintjs/core';
import {
  ChartIcon,
  CodeIcon,
  DashboardIcon,
  DiagramTreeIcon,
  HistoryIcon,
  HomeIcon,
  IdNumberIcon,
  CrossIcon,
  LifesaverIcon,
  MenuClosedIcon,
  MenuIcon,
  MenuOpenIcon,
  OfficeIcon,
  PeopleIcon,
} from '@blueprintjs/icons';
import { useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { resetListState } from '../lib/list-state.js';
import type { AccessUser } from '../routes/route-access.js';
import { activeNavItem } from './nav-active.js';
import { externalLinks, navItems, type ExternalLink, type NavItemId } from './nav-items.js';

const NAV_ICONS: Record<NavItemId, ReactElement> = {
  home: <HomeIcon />,
  'managed-providers': <DiagramTreeIcon />,
  organizations: <OfficeIcon />,
  'my-organization': <IdNumberIcon />,
  users: <PeopleIcon />,
  analytics: <ChartIcon />,
  activity: <HistoryIcon />,
};

const LINK_ICONS: Record<ExternalLink['id'], ReactElement> = {
  'bi-portal': <DashboardIcon />,
  'api-docs': <CodeIcon />,
  'support-portal': <LifesaverIcon />,
};

export interface LeftNavProps {
  /** The signed-in user: their role, organization and features decide the items; license and URL the BI Portal. */
  user: AccessUser & { tableauLicense: string | null; biPortalUrl: string | null };
  /** From the runtime configuration. */
  supportPortalUrl?: string | undefined;
  /** 264 px with labels when open, 64 px of icons when collapsed. */
  isOpen: boolean;
  /** Below 960 px: one compact bar whose toggle opens the items as a menu (isOpen says whether it is). */
  isCompact?: boolean;
  onToggle: () => void;
  /** The profile popover, placed at the bottom of the navigation. */
  profile?: ReactNode;
  /** The command palette's button, placed below the toggle. */
  search?: ReactNode;
}

/** The lists the toggle shows and hides. */
const NAV_LIST_IDS = 'meridian-nav-items meridian-nav-links';

/** The toggle: a menu button with a visible "Menu" in the compact bar, an icon beside the wide navigation. */
function toggleLook(isOpen: boolean, isCompact: boolean) {
  if (isCompact) {
    return {
      icon: isOpen ? <CrossIcon /> : <MenuIcon />,
      text: 'Menu',
      'aria-label': isOpen ? 'Close navigation menu' : 'Open navigation menu',
    };
  }
  return {
    icon: isOpen ? <MenuClosedIcon /> : <MenuOpenIcon />,
    'aria-label': isOpen ? 'Collapse navigation' : 'Expand navigation',
  };
}

/** The collapsible left navigation of spec section 2; below 960 px a compact bar with a menu. */
export function LeftNav({
  user,
  supportPortalUrl,
  isOpen,
  isCompact = false,
  onToggle,
  profile,
  search,
}: LeftNavProps) {
  const items = navItems(user);
  const links = externalLinks(user, { supportPortalUrl });
  const active = activeNavItem(items, useLocation().pathname, user.organizationId);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the compact menu and gives the focus back to its toggle, as a menu button does.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (!isCompact || !isOpen || event.key !== 'Escape') return;
    onToggle();
    toggleRef.current?.focus();
  };
  return (
    <nav className="meridian-nav" aria-label="Main navigation" onKeyDown={closeOnEscape}>
      <Button
        ref={toggleRef}
        className="meridian-nav-toggle"
        variant="minimal"
        {...toggleLook(isOpen, isCompact)}
        aria-expanded={isOpen}
        aria-controls={NAV_LIST_IDS}
        onClick={onToggle}
      />
      {search && <div className="meridian-nav-search-slot">{search}</div>}
      <ul className="meridian-nav-list" id="meridian-nav-items">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={item.to}
              // Choosing an item starts the users and organizations lists afresh (spec section 2).
              onClick={() => resetListState()}
              className={`meridian-nav-item ${item.id === active ? Classes.ACTIVE : ''}`}
              aria-current={item.id === active ? 'page' : undefined}
              title={isOpen ? undefined : item.label}
            >
              <span className="meridian-nav-icon" aria-hidden>
                {NAV_ICONS[item.id]}
              </span>
              <span className="meridian-nav-label">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="meridian-nav-list meridian-nav-bottom" id="meridian-nav-links">
        {links.map((link) => (
          <li key={link.id}>
            <a
              className="meridian-nav-item"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              title={isOpen ? undefined : link.label}
            >
              <span className="meridian-nav-icon" aria-hidden>
                {LINK_ICONS[link.id]}
              </span>
              <span className="meridian-nav-label">{link.label}</span>
              <span className="meridian-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      {profile && <div className="meridian-nav-profile">{profile}</div>}
    </nav>
  );
}
