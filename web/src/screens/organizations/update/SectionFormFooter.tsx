import { Button, Callout, Intent } from '@blueprintjs/core';

export interface SectionFormFooterProps {
  /** Why the last save was refused, when no field says it; null otherwise. */
  formError: string | null;
  /** The refusal's title, e.g. "The licenses were not saved". */
  refusedTitle: string;
  saveLabel: string;
  /** No buttons for a user who may not change the organization. */
  readOnly: boolean;
  loading: boolean;
  /** Nothing to save or discard. */
  unchanged: boolean;
  onDiscard: () => void;
}

/** The foot of an organization section's form: a refused save in words, then Save and Discard. */
export function SectionFormFooter(props: SectionFormFooterProps) {
  const { formError, readOnly, loading, unchanged } = props;
  return (
    <>
      {formError && (
        <Callout intent={Intent.DANGER} role="alert" title={props.refusedTitle}>
          {formError}
        </Callout>
      )}
      {!readOnly && (
        <div className="meridian-form-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={loading} disabled={loading || unchanged}>
            {props.saveLabel}
          </Button>
          <Button variant="minimal" disabled={loading || unchanged} onClick={props.onDiscard}>
            Discard changes
          </Button>
        </div>
      )}
    </>
  );
}
