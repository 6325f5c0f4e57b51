/** Where a provider practises, as one short line: "Springfield, IL 62701". */
export function formatPlace(provider: { city: string; state: string; zip?: string | null }): string {
  const cityState = [provider.city, provider.state].filter(Boolean).join(', ');
  return provider.zip ? `${cityState} ${provider.zip}` : cityState;
}

const CHANGED_AT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a link was last changed, in the browser's locale and time zone. */
export function formatChangedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : CHANGED_AT.format(date);
}

/** Counts in sentences: "1 alias", "1,000 aliases". */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}
