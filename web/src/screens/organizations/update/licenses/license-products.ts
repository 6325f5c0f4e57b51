import { licensedProducts } from '@meridian/schema';

/** A licensable product of the catalog as the licenses form needs it. */
export interface LicensableProduct {
  id: string;
  name: string;
  description: string;
  kind: string;
  dependencies: readonly string[];
}

/** The order kinds are shown in: what a customer sees first (dashboards), down to field groups. */
export const KIND_ORDER: readonly string[] = [
  'BI',
  'MODELS',
  'DATA',
  'FIELDS',
  'FIELD_VALUES',
  'LICENSABLE_FIELD_GROUPS',
  'PROVIDER_ALIAS',
  'PROVIDER_RELATIONSHIP',
];

/** Products grouped by kind (in KIND_ORDER, unknown kinds last), by name within a kind. */
export function sortForDisplay<T extends Pick<LicensableProduct, 'kind' | 'name'>>(products: readonly T[]): T[] {
  const rank = (kind: string) => {
    const index = KIND_ORDER.indexOf(kind);
    return index === -1 ? KIND_ORDER.length : index;
  };
  return [...products].sort((a, b) => rank(a.kind) - rank(b.kind) || a.name.localeCompare(b.name));
}

export type DependencyMap = ReadonlyMap<string, readonly string[]>;

/**
 * Each product's dependencies, limited to the licensable products listed: a dependency that needs no
 * license is not part of a license and is never sent.
 */
export function dependencyMap(products: readonly LicensableProduct[]): DependencyMap {
  const listed = new Set(products.map((product) => product.id));
  return new Map(products.map((product) => [product.id, product.dependencies.filter((key) => listed.has(key))]));
}

/** The products a set of enabled products brings (the set itself and every dependency, transitively). */
export function withDependencies(enabled: Iterable<string>, dependencies: DependencyMap): Set<string> {
  const entries = Object.fromEntries([...enabled].map((key) => [key, { enabled: true }]));
  return licensedProducts(entries, dependencies);
}

/** Enabling a product enables its dependencies along, transitively. */
export function enableProduct(enabled: ReadonlySet<string>, key: string, dependencies: DependencyMap): Set<string> {
  return withDependencies([...enabled, key], dependencies);
}

/** The enabled products (other than `key`) that need `key`, directly or through another dependency. */
export function productsNeeding(enabled: ReadonlySet<string>, key: string, dependencies: DependencyMap): string[] {
  return [...enabled].filter((other) => other !== key && withDependencies([other], dependencies).has(key)).sort();
}

/**
 * Disabling a product: refused while an enabled product needs it (the set comes back unchanged, with
 * who needs it); otherwise the set without it. Its own dependencies stay as they are.
 */
export function disableProduct(
  enabled: ReadonlySet<string>,
  key: string,
  dependencies: DependencyMap,
): { enabled: Set<string>; neededBy: string[] } {
  const neededBy = productsNeeding(enabled, key, dependencies);
  if (neededBy.length > 0) return { enabled: new Set(enabled), neededBy };
  const next = new Set(enabled);
  next.delete(key);
  return { enabled: next, neededBy };
}

/** Why a dependency cannot be switched off alone, naming who needs it. */
export function neededByMessage(names: readonly string[]): string {
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
  const verb = names.length === 1 ? 'needs' : 'need';
  return `Enabled because ${list} ${verb} it. Turn ${names.length === 1 ? 'that' : 'those'} off first to turn this off.`;
}
