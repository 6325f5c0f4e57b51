import { NotBuiltYetPage } from '../../routes/NotBuiltYetPage.js';

export interface ProviderLinksEditPageProps {
  kind: 'aliases' | 'relationships';
  mode: 'update' | 'remove';
}

/** Update or remove provider links (bulk, or one NPI from the path): not built yet. */
export default function ProviderLinksEditPage({ kind, mode }: ProviderLinksEditPageProps) {
  const label = kind === 'aliases' ? 'Aliases' : 'Relationships';
  return <NotBuiltYetPage title={`${mode === 'update' ? 'Update' : 'Remove'} ${label}`} />;
}
