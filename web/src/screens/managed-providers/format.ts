import { formatCount } from '../../lib/numbers.js';

/** Where a provider practises, as one short line: "Springfield, IL 62701". */
export function formatPlace(provider: { city: string; state: string; zip?: string | null }): string {
  const cityState = [provider.city, provider.state].filter(Boolean).join(', ');
  return provider.zip ? `${cityState} ${provider.zip}` : cityState;
}

/** Counts in sentences: "1 alias", "1,000 aliases". */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
