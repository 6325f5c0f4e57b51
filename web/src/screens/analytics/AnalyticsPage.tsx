import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

/** Analytics: not built yet (its route and guard are real). */
export default function AnalyticsPage() {
  return <NotBuiltYetPage title="Analytics" />;
}
