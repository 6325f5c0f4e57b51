import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

/** Organizations: not built yet (its route and guard are real). */
export default function OrganizationsPage() {
  return <NotBuiltYetPage title="Organizations" />;
}
