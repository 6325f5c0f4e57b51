import {
  DAY_MS,
  RELATIONSHIP_VALUES,
  npiCheckDigit,
  validateProviderLinkValue,
  type ProviderLinkKind,
} from '@meridian/schema';
import {
  CAMPUSES,
  CITIES,
  CLINICIAN_CREDENTIALS,
  FACILITY_KINDS,
  FIRST_NAMES,
  LAST_NAMES,
  SPECIALTIES,
} from './names.js';
import type { Provider } from '../domain/providers.js';
import type { OrganizationRecord } from './organizations.js';
import type { Random } from './random.js';

/** A row of `providers`. */
export type ProviderRecord = Provider;

export const PROVIDER_COLUMNS = 'npi text, name text, specialty text, city text, state text, zip text';
export const PROVIDER_COUNT = 500;

/** A row of `provider_links` (timestamps as ISO strings). */
export interface ProviderLinkRecord {
  organization_id: string;
  kind: ProviderLinkKind;
  npi: string;
  value: string;
  updated_at: string;
  updated_by: string;
}

export const PROVIDER_LINK_COLUMNS =
  'organization_id text, kind text, npi text, value text, updated_at timestamptz, updated_by text';

/** A synthetic NPI that passes the check digit: mostly 10 digits (starting 1 or 2), some 15 starting 80840. */
function syntheticNpi(random: Random): string {
  const body = random.chance(0.9) ? `${random.pick(['1', '2'])}${random.digits(8)}` : `80840${random.digits(9)}`;
  return `${body}${npiCheckDigit(body)}`;
}

function zipCode(random: Random, base: number): string {
  const zip = String(base + random.int(0, 40)).padStart(5, '0');
  return random.chance(0.2) ? `${zip}-${random.digits(4)}` : zip;
}

/** The provider directory: clinicians mostly, and some facilities. */
export function providerDirectory(random: Random): ProviderRecord[] {
  const npis = new Set<string>();
  while (npis.size < PROVIDER_COUNT) npis.add(syntheticNpi(random));
  return [...npis].map((npi) => {
    const [city, state, zipBase] = random.pick(CITIES);
    const specialty = random.pick(SPECIALTIES);
    const name = random.chance(0.85)
      ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}, ${random.pick(CLINICIAN_CREDENTIALS)}`
      : `${city} ${specialty} ${random.pick(FACILITY_KINDS)}`;
    return { npi, name, specialty, city, state, zip: zipCode(random, zipBase) };
  });
}

/** The display name an organization gives a provider in its own systems. */
function alias(random: Random, provider: ProviderRecord): string {
  const clinician = provider.name.includes(', ');
  if (!clinician) return `${provider.name} – ${random.pick(CAMPUSES)}`;
  const person = provider.name.split(', ')[0]!;
  const last = person.split(' ').at(-1)!;
  return random.pick([
    `Dr. ${last} (${random.pick(CAMPUSES)})`,
    `${person} – ${provider.specialty}`,
    `${last}, ${person[0]}. – ${provider.city}`,
  ]);
}

/**
 * Aliases and relationships of one organization with managed providers licensed, last edited by one of
 * its admins some time after it was created.
 */
export function organizationProviderLinks(
  random: Random,
  organization: OrganizationRecord,
  editors: readonly string[],
  providers: readonly ProviderRecord[],
  now: Date,
  counts: { aliases: number; relationships: number },
): ProviderLinkRecord[] {
  const since = Math.max(Date.parse(organization.created_at), now.getTime() - 180 * DAY_MS);
  const link = (kind: ProviderLinkKind, provider: ProviderRecord): ProviderLinkRecord => {
    const value = kind === 'provider_alias' ? alias(random, provider) : random.pick(RELATIONSHIP_VALUES);
    const problem = validateProviderLinkValue(kind, value);
    if (problem) throw new Error(`Seed produced an invalid ${kind} "${value}": ${problem}`);
    return {
      organization_id: organization.id,
      kind,
      npi: provider.npi,
      value,
      updated_at: new Date(since + random.next() * (now.getTime() - since)).toISOString(),
      updated_by: random.pick(editors),
    };
  };
  return [
    ...random.sample(providers, counts.aliases).map((provider) => link('provider_alias', provider)),
    ...random.sample(providers, counts.relationships).map((provider) => link('provider_relationship', provider)),
  ];
}
