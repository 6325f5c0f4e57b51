import { NotBuiltYetPage } from '../../../routes/NotBuiltYetPage.js';

/** Update Organization: not built yet (its route and guard are real). */
export default function OrganizationUpdatePage() {
  return <NotBuiltYetPage title="Update Organization" />;
}
