/** Query parameters every list accepts (limit 0 = all records, spec section 9). */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 0, maximum: 100000, default: 0, description: 'Page size; 0 returns all records.' },
  offset: { type: 'integer', minimum: 0, maximum: 2147483647, default: 0 },
  search: { type: 'string', maxLength: 200, description: 'Case-insensitive substring of the searchable fields.' },
  sort: { type: 'string', maxLength: 40, description: 'A sortable field; prefix with - for descending.' },
} as const;

/**
 * The list parameters of a list sorted by `keys` (@meridian/schema's list-sort.ts), which its `sort`
 * names. The store checks the key (its "Cannot sort by" answer), so the schema stays a string.
 */
export function listQueryOf(keys: readonly string[]) {
  const description = `One of: ${keys.join(', ')}; prefix with - for descending.`;
  return { ...listQuerySchema, sort: { ...listQuerySchema.sort, description } } as const;
}

/** The data wrapper of spec section 7. */
export function listBody<T>(data: T[], total: number, query: { limit: number; offset: number }) {
  return { data, total, limit: query.limit, offset: query.offset };
}
