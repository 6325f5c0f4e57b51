import { HTMLTable } from '@blueprintjs/core';
import { auditFieldLabel, auditValueText } from '@meridian/schema';

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

export interface ChangesDiffProps {
  changes: readonly Change[];
  /** The product's name, in the labels of system roles ("Meridian Viewer"). */
  productName: string;
  caption?: string;
}

/**
 * What a write changed: a small table of field, value before and value after, in words (schema's
 * auditFieldLabel and auditValueText: "Direct data access: Off → On", roles by their labels); the
 * recorded field name is the row header's title.
 */
export function ChangesDiff({ changes, productName, caption = 'Changes' }: ChangesDiffProps) {
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
            <th scope="row" title={change.field}>
              {auditFieldLabel(change.field)}
            </th>
            <td>
              <Value value={auditValueText(change.field, change.before, productName)} side="before" />
            </td>
            <td>
              <Value value={auditValueText(change.field, change.after, productName)} side="after" />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
