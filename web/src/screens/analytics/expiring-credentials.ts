/** A credential expiring within 30 days, as the summary answers it. */
export interface ExpiringCredentialInput {
  id: string;
  organizationId: string;
  userEmail?: string | null;
  generatedAt: string;
  expiresAt: string;
  daysToExpire: number;
}

/**
 * Weeks until expiry, the first one matching the credential banner's warning (7 days or fewer,
 * spec section 9). The last week runs to the 30 days the summary covers (decisions.md "Analytics").
 */
export const EXPIRY_BUCKETS = [
  { label: '0–7 days', max: 7 },
  { label: '8–14 days', max: 14 },
  { label: '15–21 days', max: 21 },
  { label: '22–30 days', max: 30 },
] as const;

export interface ExpiryBucketRow {
  label: string;
  count: number;
  /** Position in EXPIRY_BUCKETS: the chart colours by urgency. */
  index: number;
}

/** How many credentials expire in each week of the next 30 days (every week listed, 0 where none). */
export function expiryBuckets(credentials: readonly ExpiringCredentialInput[]): ExpiryBucketRow[] {
  const rows = EXPIRY_BUCKETS.map((bucket, index) => ({ label: bucket.label, count: 0, index }));
  for (const credential of credentials) {
    const index = EXPIRY_BUCKETS.findIndex((bucket) => credential.daysToExpire <= bucket.max);
    // Past the window (the summary should not send one): counted in the last week rather than lost.
    rows[index === -1 ? rows.length - 1 : index]!.count += 1;
  }
  return rows;
}

/** Soonest first; the same day by id, so the table's order is stable. */
export function credentialsBySoonest(credentials: readonly ExpiringCredentialInput[]): ExpiringCredentialInput[] {
  return [...credentials].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id));
}

/**
 * The summary lists at most the soonest 100 credentials (the platform's default `expiringLimit`) beside
 * the total: when more expire, the chart and the table count the listed ones only, and say so.
 */
export const isListPartial = (listed: number, total: number): boolean => listed < total;
