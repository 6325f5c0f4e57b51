/** A file name of the export: analytics-<section>-<date of the figures>.csv. */
export function csvFileName(section: string, generatedAt: string): string {
  const date = generatedAt.slice(0, 10);
  return `analytics-${section}-${date}.csv`;
}
