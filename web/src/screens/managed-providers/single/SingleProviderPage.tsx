import {
  Alert,
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { ArrowLeftIcon, FloppyDiskIcon, SearchIcon, TrashIcon } from '@blueprintjs/icons';
import { RELATIONSHIP_VALUES, unknownProviderMessage, validateNpi, validateProviderLinkValue } from '@meridian/schema';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToasts } from '../../../components/toasts/useToasts.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { FeatureUnavailable } from '../FeatureUnavailable.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useRefusalFocus } from '../../../components/focus-first-error.js';
import { messageOfError } from '../../../components/mutation-outcome.js';
import { isFeatureUnavailable } from '../gateway-errors.js';
import { useListReturnPath } from '../list/list-return.js';
import { KINDS, type EditMode, type KindInfo, type LinkListKind } from '../kinds.js';
import type { BatchOutcome } from '../mutations/batch-outcome.js';
import { useRemoveProviderLinks } from '../mutations/useRemoveProviderLinks.js';
import { useUpsertProviderLinks } from '../mutations/useUpsertProviderLinks.js';
import { ProviderDetails } from './ProviderDetails.js';
import { useProviderLinkOfNpi } from './useProviderLinkOfNpi.js';

export interface SingleProviderPageProps {
  organizationId: string;
  kind: LinkListKind;
  mode: EditMode;
  /** From the path, as typed there. */
  npi: string;
}

/** The one row's result of a one-row call, or why the call failed, in words. */
function rowOutcome(outcome: BatchOutcome): { status: string; message: string | null } | { failure: string } {
  if (!outcome.ok) return { failure: outcome.message };
  const row = outcome.results[0];
  return row ? { status: row.status, message: row.message ?? null } : { failure: 'No result came back.' };
}

interface FormProps {
  organizationId: string;
  kind: KindInfo;
  npi: string;
  initial: string;
  listPath: string;
}

/** The value's field (text for an alias, a choice for a relationship) with its problem beside it. */
function UpdateForm({ organizationId, kind, npi, initial, listPath }: FormProps) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [upsert, { loading }] = useUpsertProviderLinks();
  const toasts = useToasts();
  const navigate = useNavigate();
  const fieldId = useId();
  const focus = useRefusalFocus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    focus.submitting(event.currentTarget);
    const invalid = validateProviderLinkValue(kind.rest, value);
    setProblem(invalid);
    if (invalid) return focus.refused();
    const outcome = rowOutcome(await upsert(organizationId, kind, [{ npi, value }]));
    if ('failure' in outcome) {
      toasts.show({ type: 'error', message: outcome.failure });
      return;
    }
    if (outcome.status === 'ERROR') {
      // Said next to the field; what was typed stays.
      setProblem(outcome.message);
      focus.refused();
      return;
    }
    const done = outcome.status === 'UNCHANGED' ? 'was already' : 'is now';
    toasts.show({ type: 'success', message: `The ${kind.singular} of NPI ${npi} ${done} ${value.trim()}.` });
    void navigate(listPath);
  };

  return (
    <form className="meridian-single-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormGroup
        label={kind.valueLabel}
        labelFor={fieldId}
        intent={problem ? Intent.DANGER : Intent.NONE}
        helperText={problem ?? (kind.rest === 'provider_alias' ? '1 to 120 characters.' : undefined)}
      >
        {kind.rest === 'provider_relationship' ? (
          <HTMLSelect
            id={fieldId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            fill
            aria-invalid={problem ? true : undefined}
          >
            {!(RELATIONSHIP_VALUES as readonly string[]).includes(value) && (
              <option value="">Choose a relationship</option>
            )}
            {RELATIONSHIP_VALUES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </HTMLSelect>
        ) : (
          <InputGroup
            id={fieldId}
            value={value}
            intent={problem ? Intent.DANGER : Intent.NONE}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormGroup>
      <div className="meridian-form-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={<FloppyDiskIcon />}
          text={`Save ${kind.singular}`}
          loading={loading}
        />
        <LinkButton to={listPath}>Cancel</LinkButton>
      </div>
    </form>
  );
}

/** Remove, after confirming: it cannot be undone. */
function RemoveAction({ organizationId, kind, npi, listPath }: Omit<FormProps, 'initial'>) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { loading }] = useRemoveProviderLinks();
  const toasts = useToasts();
  const navigate = useNavigate();
  const label = `Remove ${kind.singular}`;

  const confirm = async () => {
    setConfirming(false);
    const outcome = rowOutcome(await remove(organizationId, kind, [npi]));
    if ('failure' in outcome) {
      toasts.show({ type: 'error', message: outcome.failure });
      return;
    }
    if (outcome.status !== 'REMOVED') {
      toasts.show({ type: 'error', message: outcome.message ?? `NPI ${npi} had no ${kind.singular} to remove.` });
      return;
    }
    toasts.show({ type: 'success', message: `The ${kind.singular} of NPI ${npi} was removed.` });
    void navigate(listPath);
  };

  return (
    <div className="meridian-form-actions">
      <Button
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        text={label}
        loading={loading}
        onClick={() => setConfirming(true)}
      />
      <LinkButton to={listPath}>Cancel</LinkButton>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={label}
        cancelButtonText="Cancel"
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Remove the {kind.singular} of NPI {npi}? This cannot be undone.
        </p>
      </Alert>
    </div>
  );
}

/**
 * …/update/{npi} and …/remove/{npi}: one provider's details from the directory with the organization's
 * current value, and a form to change it or a button to remove it.
 */
export function SingleProviderPage({ organizationId, kind, mode, npi }: SingleProviderPageProps) {
  const info = KINDS[kind];
  // The list it was opened from, searched, paged and sorted as it was.
  const listPath = useListReturnPath(organizationId, kind);
  const npiProblem = validateNpi(npi);
  const { provider, link, data, error, refetch } = useProviderLinkOfNpi(organizationId, kind, npi, npiProblem !== null);
  const back = (
    <LinkButton to={listPath} icon={<ArrowLeftIcon />}>
      {`Back to ${info.plural}`}
    </LinkButton>
  );

  // The NPI in the path is checked as the gateway would, before asking it anything.
  if (npiProblem) return <NonIdealState icon={<SearchIcon size={48} />} title={npiProblem} action={back} />;
  if (!data && isFeatureUnavailable(error)) return <FeatureUnavailable />;
  if (!data && error)
    return (
      <Callout intent={Intent.DANGER} title="The provider could not be loaded">
        <p>{messageOfError(error)}</p>
        <Button text="Try again" onClick={() => void refetch().catch(() => undefined)} />
      </Callout>
    );
  if (!data) return <Spinner aria-label="Loading the provider" />;
  if (!provider)
    return <NonIdealState icon={<SearchIcon size={48} />} title={unknownProviderMessage(npi)} action={back} />;

  const current = link
    ? {
        label: `Current ${info.singular}`,
        value: link.value,
        changed: `${formatDateTime(link.updatedAt)} by ${link.updatedBy}`,
      }
    : null;
  return (
    <>
      <ProviderDetails provider={provider} current={current} />
      {mode === 'update' ? (
        <UpdateForm
          organizationId={organizationId}
          kind={info}
          npi={npi}
          initial={link?.value ?? ''}
          listPath={listPath}
        />
      ) : link ? (
        <RemoveAction organizationId={organizationId} kind={info} npi={npi} listPath={listPath} />
      ) : (
        <Callout intent={Intent.PRIMARY} title={`NPI ${npi} has no ${info.singular}`}>
          <p>There is nothing to remove.</p>
          {back}
        </Callout>
      )}
    </>
  );
}
