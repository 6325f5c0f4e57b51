import type { ReactNode } from 'react';

export interface UserFactsProps {
  /** Label → value, in order. */
  facts: readonly (readonly [string, ReactNode])[];
}

/** A user's fields, read-only, as a description list. */
export function UserFacts({ facts }: UserFactsProps) {
  return (
    <dl className="meridian-user-facts">
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
