import { useCallback, useState } from 'react';

/**
 * A form over saved values: it holds only what the user changed, so the rest follows the saved
 * values when they change underneath (another tab, a poll), and what the user typed survives a failed
 * save. `clear` forgets the edits once they are saved.
 */
export function useEdits<V extends object>(saved: V) {
  const [edits, setEdits] = useState<Partial<V>>({});
  const values: V = { ...saved, ...edits };
  const edit = useCallback((patch: Partial<V>) => setEdits((current) => ({ ...current, ...patch })), []);
  const clear = useCallback(() => setEdits({}), []);
  return { values, edit, clear, edited: Object.keys(edits).length > 0 };
}
