import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { graphql } from '../../../gql/index.js';
import { npisToLookUp, type DirectoryProvider, type DirectoryRead } from '../csv/check-rows.js';
import type { DraftRow } from '../csv/csv-rows.js';
import { messageOfError } from '../../../components/mutation-outcome.js';

const ProviderLookupQuery = graphql(`
  query ProviderLookup($npis: [String!]!) {
    providers(npis: $npis) {
      lookup {
        found {
          npi
          name
          specialty
          city
          state
        }
        missing
        invalid {
          field
          message
        }
      }
    }
  }
`);

export interface ProviderDirectory {
  read: DirectoryRead;
  /** Why the last lookup failed (its NPIs stay unchecked until `retry`). */
  error: string | null;
  retry: () => void;
}

/**
 * The provider directory as far as the rows need it. Whenever the rows name well-formed NPIs not yet
 * answered, they go out in ONE batch lookup (`providers(npis)`, up to 5,000); the answers are kept for the rest
 * of the screen, so an edited row asks only for its new NPI. Not written to the cache: a one-off answer
 * of thousands of providers has no business in the persisted cache.
 */
export function useProviderDirectory(rows: readonly DraftRow[]): ProviderDirectory {
  const client = useApolloClient();
  const [known, setKnown] = useState<ReadonlyMap<string, DirectoryProvider | null>>(() => new Map());
  const [error, setError] = useState<string | null>(null);
  // NPIs asked for and not answered yet (a ref: StrictMode's second effect run must not ask twice).
  const pending = useRef(new Set<string>());
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const read = useCallback<DirectoryRead>((npi) => known.get(npi), [known]);
  const wanted = useMemo(() => npisToLookUp(rows, read), [rows, read]);

  useEffect(() => {
    const npis = wanted.filter((npi) => !pending.current.has(npi) && !failed.has(npi));
    if (npis.length === 0) return;
    for (const npi of npis) pending.current.add(npi);
    const settle = () => {
      for (const npi of npis) pending.current.delete(npi);
    };
    client
      .query({ query: ProviderLookupQuery, variables: { npis }, fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        const lookup = data?.providers.lookup;
        if (!lookup) throw new Error('The lookup answered nothing.');
        setKnown((current) => {
          const next = new Map(current);
          for (const provider of lookup.found) next.set(provider.npi, provider);
          for (const npi of lookup.missing) next.set(npi, null);
          // Refused NPIs cannot be in the directory; the rows already say why (same validator).
          for (const invalid of lookup.invalid) next.set(invalid.field ?? '', null);
          // An NPI the answer forgot would stay "checking" for ever: count it as not found.
          for (const npi of npis) if (!next.has(npi)) next.set(npi, null);
          return next;
        });
        setError(null);
        settle();
      })
      .catch((reason: unknown) => {
        settle();
        setFailed((current) => new Set([...current, ...npis]));
        setError(messageOfError(reason));
      });
  }, [client, wanted, failed]);

  const retry = useCallback(() => {
    setError(null);
    setFailed(new Set());
  }, []);
  return { read, error, retry };
}
