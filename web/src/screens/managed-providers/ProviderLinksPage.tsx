import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

export interface ProviderLinksPageProps {
  kind: 'aliases' | 'relationships';
}

/** Managed providers list of one kind: not built yet (its route and guard are real). */
export default function ProviderLinksPage({ kind }: ProviderLinksPageProps) {
  return <NotBuiltYetPage title={`Managed Providers: ${kind === 'aliases' ? 'Aliases' : 'Relationships'}`} />;
}
