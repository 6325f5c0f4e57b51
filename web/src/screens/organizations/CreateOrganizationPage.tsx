import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

/** Create Organization: not built yet (its route and guard are real). */
export default function CreateOrganizationPage() {
  return <NotBuiltYetPage title="Create Organization" />;
}
