import {
  Button,
  ButtonGroup,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
} from '@blueprintjs/core';
import { DisableIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { selectedCount, selectionInput, type UserSelection } from './user-selection.js';
import { useSetUsersActive } from './useSetUsersActive.js';
import { formatCount } from '../../../lib/numbers.js';

/** Rows of the results dialog shown on screen; every row is in the results file. */
const SHOWN_RESULTS = 100;

interface BulkResult {
  changed: number;
  unchanged: number;
  refused: number;
  results: readonly { email: unknown; outcome: string; reason?: string | null }[];
}

export interface UsersBulkActionsProps {
  organizationId: string;
  /** The list's search: "all matching" means the users it matches. */
  search: string;
  /** Users matching the search, over every page. */
  total: number;
  /** Rows on the page shown. */
  pageCount: number;
  selection: UserSelection;
  onSelect: (selection: UserSelection) => void;
}

/** What the bulk change does, in one plain sentence each, under the confirmation's title. */
export const DEACTIVATE_SENTENCE =
  'They are signed out within 30 seconds and cannot sign in until someone activates them again. You and your organization’s last active Org Admin stay active; the results say who was left as they were, and why.';
export const ACTIVATE_SENTENCE =
  'They can sign in again and count against the user limit. Anyone the limit has no room for stays inactive; the results say who, and why.';

const plural = (n: number) => `${formatCount(n)} user${n === 1 ? '' : 's'}`;
const OUTCOME_TEXT: Record<string, string> = { CHANGED: 'Changed', UNCHANGED: 'Already so', REFUSED: 'Refused' };

/** The outcome of a bulk action: counts, refused rows first with their reasons, the rest after. */
function ResultsDialog({ result, verb, onClose }: { result: BulkResult; verb: string; onClose: () => void }) {
  const rows = [...result.results].sort((a, b) => Number(b.outcome === 'REFUSED') - Number(a.outcome === 'REFUSED'));
  return (
    <Dialog isOpen title={`${verb} users: results`} onClose={onClose} className="meridian-bulk-results">
      <DialogBody>
        <p role="status">
          {formatCount(result.changed)} changed, {formatCount(result.unchanged)} already so,{' '}
          {formatCount(result.refused)} refused.
        </p>
        {result.refused > 0 && (
          <Callout intent={Intent.WARNING} title="Some users were not changed">
            Each refused row says why.
          </Callout>
        )}
        <HTMLTable compact striped aria-label="Outcome of each user">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Outcome</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_RESULTS).map((row) => (
              <tr key={String(row.email)}>
                <td>{String(row.email)}</td>
                <td>{OUTCOME_TEXT[row.outcome] ?? row.outcome}</td>
                <td>{row.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {rows.length > SHOWN_RESULTS && (
          <p className={Classes.TEXT_MUTED}>
            The first {SHOWN_RESULTS} of {formatCount(rows.length)} rows are shown, refused ones first.
          </p>
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>Close</Button>} />
    </Dialog>
  );
}

/**
 * The selection's bar: how many are selected, "select all N matching" across pages, and the bulk
 * actions (deactivate, activate), each change confirmed with the count first; the list's Export CSV
 * exports the selection while there is one.
 */
export function UsersBulkActions({
  organizationId,
  search,
  total,
  pageCount,
  selection,
  onSelect,
}: UsersBulkActionsProps) {
  const { mutate, loading } = useSetUsersActive();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [result, setResult] = useState<{ verb: string; value: BulkResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = selectedCount(selection);
  if (count === 0 && result === null) return null;

  const wholePageSelected = selection.kind === 'emails' && count >= pageCount && count < total;
  const verb = confirming ? 'Activate' : 'Deactivate';

  const apply = async (active: boolean) => {
    setError(null);
    try {
      const { data } = await mutate({ variables: { organizationId, selection: selectionInput(selection), active } });
      const payload = data?.setUsersActive;
      if (!payload) return;
      if (payload.inputErrors.length > 0) {
        setError(payload.inputErrors.map((e) => e.message).join(' '));
        return;
      }
      setResult({ verb: active ? 'Activate' : 'Deactivate', value: payload });
      onSelect({ kind: 'emails', emails: new Set() });
    } catch (caught) {
      setError(messageOfError(caught));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      {count > 0 && (
        <section className="meridian-users-bulk" aria-label="Selected users">
          <p role="status" className="meridian-users-bulk-count">
            {selection.kind === 'allMatching'
              ? `All ${plural(count)} matching are selected.`
              : `${plural(count)} selected.`}
          </p>
          {wholePageSelected && (
            <Button
              variant="minimal"
              intent={Intent.PRIMARY}
              onClick={() => onSelect({ kind: 'allMatching', search, total })}
            >
              Select all {plural(total)} matching
            </Button>
          )}
          <ButtonGroup>
            <Button icon={<DisableIcon />} onClick={() => setConfirming(false)} disabled={loading}>
              Deactivate
            </Button>
            <Button icon={<TickCircleIcon />} onClick={() => setConfirming(true)} disabled={loading}>
              Activate
            </Button>
          </ButtonGroup>
          <Button variant="minimal" onClick={() => onSelect({ kind: 'emails', emails: new Set() })}>
            Clear selection
          </Button>
        </section>
      )}
      {error && (
        <Callout intent={Intent.DANGER} role="alert" title="The action did not complete">
          {error}
        </Callout>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={`${verb} ${plural(count)}?`}
        icon={confirming ? <TickCircleIcon /> : <DisableIcon />}
        confirmLabel={`${verb} ${plural(count)}`}
        intent={confirming ? Intent.PRIMARY : Intent.DANGER}
        loading={loading}
        onConfirm={() => void apply(confirming === true)}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming ? ACTIVATE_SENTENCE : DEACTIVATE_SENTENCE}</p>
      </ConfirmDialog>
      {result && <ResultsDialog result={result.value} verb={result.verb} onClose={() => setResult(null)} />}
    </>
  );
}
