import { useEffect, useState } from 'react';

/**
 * `value` once a render showing it has been committed; until then the last committed one. The router
 * renders navigations in a React transition: a render of the new URL may be thrown away while an
 * urgent update renders the old one. Apollo's useQuery acts on the variables it is rendered with
 * (reobserving, fetching), so feeding it the URL's state directly sent a request for the new page,
 * then one for the old page again. Variables that change only after commit cannot flap. `key`
 * identifies the value (equal keys, equal values).
 */
export function useCommittedValue<T>(value: T, key: string): T {
  const [committed, setCommitted] = useState({ key, value });
  useEffect(() => {
    // Deliberately after commit (see above): one more render, once per navigation.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (committed.key !== key) setCommitted({ key, value });
  }, [committed.key, key, value]);
  return committed.value;
}
