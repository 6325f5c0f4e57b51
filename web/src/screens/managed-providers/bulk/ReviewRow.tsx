import { Button, Classes, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { EditIcon, TickIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { RELATIONSHIP_VALUES } from '@meridian/schema';
import { useState, type KeyboardEvent } from 'react';
import type { CheckedRow } from '../csv/check-rows.js';
import { formatPlace } from '../format.js';
import type { EditMode, KindInfo } from '../kinds.js';

export interface ReviewRowProps {
  row: CheckedRow;
  kind: KindInfo;
  mode: EditMode;
  onEdit: (id: number, cells: { npi: string; value: string }) => void;
  onDrop: (id: number) => void;
}

/** The check's verdict on a row: ready, still checking, or its first problem in words. */
export function RowCheck({ row }: { row: CheckedRow }) {
  if (row.state === 'ready')
    return (
      <Tag minimal intent={Intent.SUCCESS} icon={<TickIcon />}>
        Ready
      </Tag>
    );
  // Plain text: a spinner on each of 50 rows costs more to draw than the lookup takes.
  if (row.state === 'checking') return <span className={Classes.TEXT_MUTED}>Checking…</span>;
  return (
    <span className="meridian-bulk-problem">
      <WarningSignIcon aria-hidden /> {row.problem}
    </span>
  );
}

function ValueEditor({
  kind,
  label,
  value,
  onChange,
}: {
  kind: KindInfo;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  if (kind.rest === 'provider_relationship') {
    const known = (RELATIONSHIP_VALUES as readonly string[]).includes(value);
    return (
      <HTMLSelect aria-label={label} value={known ? value : ''} onChange={(event) => onChange(event.target.value)}>
        {!known && <option value="">Choose a relationship</option>}
        {RELATIONSHIP_VALUES.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </HTMLSelect>
    );
  }
  return <InputGroup aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
}

/** One row of the review: its cells, the check, and Edit / Drop (editing turns the cells into fields). */
export function ReviewRow({ row, kind, mode, onEdit, onDrop }: ReviewRowProps) {
  const [editing, setEditing] = useState<{ npi: string; value: string } | null>(null);
  const where = `line ${row.line}`;
  const apply = () => {
    if (!editing) return;
    onEdit(row.id, editing);
    setEditing(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') apply();
    if (event.key === 'Escape') setEditing(null);
  };
  const provider = row.provider ? (
    <>
      {row.provider.name}
      <div className={Classes.TEXT_MUTED}>
        {row.provider.specialty} · {formatPlace(row.provider)}
      </div>
    </>
  ) : (
    '—'
  );

  return (
    <tr>
      <td>{row.line}</td>
      {editing ? (
        <>
          <td className="meridian-bulk-edit-cell" onKeyDown={onKeyDown}>
            <InputGroup
              aria-label={`NPI of ${where}`}
              value={editing.npi}
              autoFocus
              onChange={(event) => setEditing({ ...editing, npi: event.target.value })}
            />
          </td>
          <td>{provider}</td>
          {mode === 'update' && (
            <td className="meridian-bulk-edit-cell" onKeyDown={onKeyDown}>
              <ValueEditor
                kind={kind}
                label={`${kind.valueLabel} of ${where}`}
                value={editing.value}
                onChange={(value) => setEditing({ ...editing, value })}
              />
            </td>
          )}
          <td>
            <RowCheck row={row} />
          </td>
          <td className="meridian-row-actions">
            <Button
              size="small"
              intent={Intent.PRIMARY}
              text="Apply"
              aria-label={`Apply changes to ${where}`}
              onClick={apply}
            />
            <Button
              size="small"
              variant="minimal"
              text="Cancel"
              aria-label={`Cancel changes to ${where}`}
              onClick={() => setEditing(null)}
            />
          </td>
        </>
      ) : (
        <>
          <td className="meridian-npi">{row.npi || <span className={Classes.TEXT_MUTED}>(empty)</span>}</td>
          <td>{provider}</td>
          {mode === 'update' && <td>{row.value || <span className={Classes.TEXT_MUTED}>(empty)</span>}</td>}
          <td>
            <RowCheck row={row} />
          </td>
          <td className="meridian-row-actions">
            <Button
              size="small"
              variant="minimal"
              icon={<EditIcon />}
              aria-label={`Edit ${where}`}
              title="Edit this row"
              onClick={() => setEditing({ npi: row.npi, value: row.value })}
            />
            <Button
              size="small"
              variant="minimal"
              intent={Intent.DANGER}
              icon={<TrashIcon />}
              aria-label={`Drop ${where}`}
              title="Drop this row: it will not be sent"
              onClick={() => onDrop(row.id)}
            />
          </td>
        </>
      )}
    </tr>
  );
}
