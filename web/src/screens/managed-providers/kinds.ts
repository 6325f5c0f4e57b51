import type { ProviderLinkKind } from '@meridian/schema';
import { managedProvidersPath } from '../../routes/paths.js';

/** The two lists of managed providers, as their paths name them. */
export type LinkListKind = 'aliases' | 'relationships';
/** What an edit screen does: upsert links, or remove them. */
export type EditMode = 'update' | 'remove';

export interface KindInfo {
  /** The contract's enum value. */
  graphql: 'PROVIDER_ALIAS' | 'PROVIDER_RELATIONSHIP';
  /** The REST value, which schema's validators take. */
  rest: ProviderLinkKind;
  /** Tab and heading: 'Aliases'. */
  plural: string;
  /** In sentences: 'alias'. */
  singular: string;
  /** Column heading of the value: 'Alias'. */
  valueLabel: string;
}

export const KINDS: Record<LinkListKind, KindInfo> = {
  aliases: {
    graphql: 'PROVIDER_ALIAS',
    rest: 'provider_alias',
    plural: 'Aliases',
    singular: 'alias',
    valueLabel: 'Alias',
  },
  relationships: {
    graphql: 'PROVIDER_RELATIONSHIP',
    rest: 'provider_relationship',
    plural: 'Relationships',
    singular: 'relationship',
    valueLabel: 'Relationship',
  },
};

export const LIST_KINDS: readonly LinkListKind[] = ['aliases', 'relationships'];

/** The screen's name, as spec section 2's route table gives it: 'Update Aliases'. */
export function editScreenName(kind: LinkListKind, mode: EditMode): string {
  return `${mode === 'update' ? 'Update' : 'Remove'} ${KINDS[kind].plural}`;
}

export function providerLinksPath(organizationId: string, kind: LinkListKind): string {
  return `${managedProvidersPath(organizationId)}/${kind}`;
}

/** The bulk screen without an NPI, or the one provider's screen with it. */
export function providerLinkEditPath(organizationId: string, kind: LinkListKind, mode: EditMode, npi?: string): string {
  const base = `${providerLinksPath(organizationId, kind)}/${mode}`;
  return npi === undefined ? base : `${base}/${encodeURIComponent(npi)}`;
}
