import { NonIdealState } from '@blueprintjs/core';
import { BuildIcon } from '@blueprintjs/icons';
import { usePageTitle } from '../layout/page-title.js';

export interface NotBuiltYetPageProps {
  /** The screen's name, as its title and heading will read. */
  title: string;
}

/**
 * Stands in for a screen of a later issue (organizations, users, managed providers, analytics). Its route
 * and guard are real, so who may open the page is already decided and tested; the page says plainly
 * that the screen itself does not exist yet.
 */
export function NotBuiltYetPage({ title }: NotBuiltYetPageProps) {
  usePageTitle(title);
  return (
    <NonIdealState
      icon={<BuildIcon size={48} />}
      title={title}
      description="This screen is not built yet. You can open it, so your access is in order; its content arrives in a later release."
    />
  );
}

export default NotBuiltYetPage;
