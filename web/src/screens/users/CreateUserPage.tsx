import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

/** Create User: not built yet (its route and guard are real). */
export default function CreateUserPage() {
  return <NotBuiltYetPage title="Create User" />;
}
