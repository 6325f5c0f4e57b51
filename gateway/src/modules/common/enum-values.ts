/** `createdAt`, `customer_segment` and `general-availability` as CREATED_AT, CUSTOMER_SEGMENT and GENERAL_AVAILABILITY. */
export type UpperSnake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends '-' ? '_' : Head extends Lowercase<Head> ? Uppercase<Head> : `_${Head}`}${UpperSnake<Tail>}`
  : S;

/** A REST value as the contract spells it: the value in upper snake case. */
export function upperSnake<const V extends string>(value: V): UpperSnake<V> {
  return value
    .replace(/-/g, '_')
    .replace(/[A-Z]/g, (letter) => `_${letter}`)
    .toUpperCase() as UpperSnake<V>;
}

/**
 * A GraphQL enum's internal values: each REST value under its name in the contract (its upper snake
 * case), so REST values pass through resolvers unchanged and arguments arrive in REST form.
 * enum-values.test.ts holds every mapped SDL enum to its list of values, name for name.
 */
export function enumValues<const V extends string>(values: readonly V[]): { readonly [K in V as UpperSnake<K>]: K } {
  return Object.fromEntries(values.map((value) => [upperSnake(value), value])) as {
    readonly [K in V as UpperSnake<K>]: K;
  };
}
