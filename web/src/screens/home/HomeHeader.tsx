import { Classes } from '@blueprintjs/core';
import type { Role } from '@meridian/schema';
import { Link } from 'react-router-dom';
import { navItems } from '../../layout/nav-items.js';
import { resetListState } from '../../lib/list-state.js';
import type { AccessUser } from '../../routes/route-access.js';
import { DeferredProfileMenu } from './DeferredProfileMenu.js';

export interface HomeHeaderProps {
  user: AccessUser & { name: string; role: Role };
  productName: string;
  onLogout: () => void;
}

/**
 * Home has no shell (spec section 2); this slim bar keeps the way into the console: the navigation's
 * destinations other than Home, and the profile popover.
 */
export function HomeHeader({ user, productName, onLogout }: HomeHeaderProps) {
  const destinations = navItems(user).filter((item) => item.id !== 'home');
  return (
    <header className="meridian-home-header">
      <span className="meridian-home-brand">{productName}</span>
      {destinations.length > 0 && (
        <nav aria-label="Console" className="meridian-home-links">
          {destinations.map((item) => (
            <Link
              key={item.id}
              to={item.to}
              onClick={() => resetListState()}
              className={`${Classes.BUTTON} ${Classes.MINIMAL}`}
            >
              <span className={Classes.BUTTON_TEXT}>{item.label}</span>
            </Link>
          ))}
        </nav>
      )}
      <div className="meridian-home-profile">
        <DeferredProfileMenu user={user} productName={productName} showName onLogout={onLogout} />
      </div>
    </header>
  );
}
