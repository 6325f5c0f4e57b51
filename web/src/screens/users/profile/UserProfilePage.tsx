import { NotBuiltYetPage } from '../../../routes/NotBuiltYetPage.js';

/** User Profile: not built yet (its route and guard are real). */
export default function UserProfilePage() {
  return <NotBuiltYetPage title="User Profile" />;
}
