/** The data wrapper of spec section 7. */
export function listBody<T>(data: T[], total: number, query: { limit: number; offset: number }) {
  return { data, total, limit: query.limit, offset: query.offset };
}
