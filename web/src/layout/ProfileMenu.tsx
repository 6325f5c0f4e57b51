import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { BlankIcon, CaretUpIcon, LogOutIcon, TickIcon, UserIcon } from '@blueprintjs/icons';
import { roleLabel, type Role } from '@meridian/schema';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ThemePreference } from '../theme/theme-preference.js';
import { useTheme } from '../theme/useTheme.js';
import { profileMenuLinks } from './profile-menu.js';
import './profile-menu.css';

export interface ProfileMenuProps {
  user: { name: string; email: string; role: Role; organizationId: string };
  productName: string;
  /** Show the name and role beside the avatar (the navigation is open). */
  showName: boolean;
  onLogout: () => void;
}

const THEME_CHOICES: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'Use system theme' },
  { value: 'light', label: 'Light theme' },
  { value: 'dark', label: 'Dark theme' },
];

/** The profile popover of spec section 2: links by role, the theme, and Logout. */
export function ProfileMenu({ user, productName, showName, onLogout }: ProfileMenuProps) {
  const navigate = useNavigate();
  const { preference, setPreference } = useTheme();
  const role = roleLabel(user.role, productName);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(to);
  };
  const menu = (
    <Menu aria-label="Profile">
      {profileMenuLinks(user).map((link) => (
        <MenuItem key={link.id} text={link.label} href={link.to} onClick={go(link.to)} />
      ))}
      <MenuDivider title="Theme" />
      {THEME_CHOICES.map((choice) => (
        <MenuItem
          key={choice.value}
          text={choice.label}
          role="menuitemradio"
          aria-checked={preference === choice.value}
          icon={preference === choice.value ? <TickIcon /> : <BlankIcon />}
          onClick={() => setPreference(choice.value)}
        />
      ))}
      <MenuDivider />
      <MenuItem text="Logout" icon={<LogOutIcon />} onClick={onLogout} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="top-start" arrow={false} animation="minimal">
      <Button
        className="meridian-profile-button"
        variant="minimal"
        fill={showName}
        icon={<UserIcon />}
        endIcon={showName ? <CaretUpIcon /> : undefined}
        // Name and role as the button shows them, so the visible text is part of the name (WCAG 2.5.3).
        aria-label={`Profile menu for ${user.name}, ${role}`}
        alignText="start"
      >
        {showName && (
          <span className="meridian-profile-name">
            {/* The space keeps name and role apart in the text the aria-label contains. */}
            <strong>{user.name}</strong> <small>{role}</small>
          </span>
        )}
      </Button>
    </PopoverNext>
  );
}
