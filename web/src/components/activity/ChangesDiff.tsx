import { HTMLTable } from '@blueprintjs/core';

export interface Change {
  field: string;
  before?: string | null;
  after?: string | null;
}

/**
 * A value of one side. Removed values are struck through and added ones underlined (with a − or +
 * mark and words for screen readers), so the difference does not rest on colour alone.
 */
function Value({ value, side }: { value: string | null | undefined; side: 'before' | 'after' }) {
  if (value === null || value === undefined) return <span className="meridian-activity-none">none</span>;
  const Mark = side === 'before' ? 'del' : 'ins';
  return (
    <Mark className={`meridian-activity-${side}`}>
      <span aria-hidden="true">{side === 'before' ? '− ' : '+ '}</span>
      <span className="meridian-visually-hidden">{side === 'before' ? 'removed: ' : 'added: '}</span>
      {value}
    </Mark>
  );
}

/** What a write changed: a small table of field, value before and value after. */
export function ChangesDiff({ changes, caption = 'Changes' }: { changes: readonly Change[]; caption?: string }) {
  if (changes.length === 0) return null;
  return (
    <HTMLTable compact className="meridian-activity-diff">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">
              <code>{change.field}</code>
            </th>
            <td>
              <Value value={change.before} side="before" />
            </td>
            <td>
              <Value value={change.after} side="after" />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
