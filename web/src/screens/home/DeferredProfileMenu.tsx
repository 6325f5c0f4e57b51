import { Button } from '@blueprintjs/core';
import { CaretUpIcon, UserIcon } from '@blueprintjs/icons';
import { roleLabel } from '@meridian/schema';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import type { ProfileMenuProps } from '../../layout/ProfileMenu.js';
import '../../layout/profile-menu.css';

// The popover's code (Blueprint's menu and floating-ui, ~20 kB gzip) is not needed to paint home: it
// loads when the user reaches for the button (pointer over it, focus, or a click).
const loadProfileMenu = () => import('../../layout/ProfileMenu.js').then((module) => module.ProfileMenu);

interface Reached {
  /** The placeholder had the keyboard focus: the real button takes it over. */
  focused: boolean;
  /** The placeholder was clicked before the menu arrived: the real button is clicked for it. */
  clicked: boolean;
}

/** The profile button as ProfileMenu draws it, without the popover. */
function ProfileButton({
  user,
  productName,
  showName,
  onReach,
}: ProfileMenuProps & { onReach: (click: boolean) => void }) {
  const role = roleLabel(user.role, productName);
  return (
    <Button
      className="meridian-profile-button"
      variant="minimal"
      fill={showName}
      icon={<UserIcon />}
      endIcon={showName ? <CaretUpIcon /> : undefined}
      aria-label={`Profile menu for ${user.name}, ${role}`}
      alignText="start"
      onPointerEnter={() => onReach(false)}
      onFocus={() => onReach(false)}
      onClick={() => onReach(true)}
    >
      {showName && (
        <span className="meridian-profile-name">
          <strong>{user.name}</strong> <small>{role}</small>
        </span>
      )}
    </Button>
  );
}

/** Hands focus and a pending click over to the real button once it has mounted. */
function HandOver({
  containerRef,
  reachedRef,
}: {
  containerRef: RefObject<HTMLDivElement | null>;
  reachedRef: RefObject<Reached>;
}) {
  useEffect(() => {
    const button = containerRef.current?.querySelector<HTMLButtonElement>('button.meridian-profile-button');
    if (!button) return;
    const { focused, clicked } = reachedRef.current;
    reachedRef.current = { focused: false, clicked: false };
    if (focused || clicked) button.focus();
    if (clicked) button.click();
  }, [containerRef, reachedRef]);
  return null;
}

/** ProfileMenu for home, its popover's code loaded on first reach (see above); same button, same menu. */
export function DeferredProfileMenu(props: ProfileMenuProps) {
  // The placeholder stays the same element while the code loads, so a click on it is not lost.
  const [Menu, setMenu] = useState<ComponentType<ProfileMenuProps> | null>(null);
  const loadingRef = useRef(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const reachedRef = useRef<Reached>({ focused: false, clicked: false });
  const reach = (click: boolean) => {
    reachedRef.current.focused ||= containerRef.current?.contains(document.activeElement) ?? false;
    reachedRef.current.clicked ||= click;
    if (loadingRef.current) return;
    loadingRef.current = true;
    loadProfileMenu().then(
      (component) => setMenu(() => component),
      () => {
        loadingRef.current = false; // a failed fetch may be tried again on the next reach
      },
    );
  };
  return (
    <div ref={containerRef} className="meridian-home-profile-menu">
      {Menu ? (
        <>
          <Menu {...props} />
          <HandOver containerRef={containerRef} reachedRef={reachedRef} />
        </>
      ) : (
        <ProfileButton {...props} onReach={reach} />
      )}
    </div>
  );
}
