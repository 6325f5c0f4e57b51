import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

/** Users: not built yet (its route and guard are real). */
export default function OrganizationUsersPage() {
  return <NotBuiltYetPage title="Users" />;
}
