import { Callout, Card, Classes, H3, Intent, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { CircleIcon, CrossCircleIcon, TickCircleIcon } from '@blueprintjs/icons';
import { getFragmentData, graphql, type FragmentType } from '../../../../gql/index.js';
import { failedStep, isRunning, jobProgress, stepFailureMessage } from './lifecycle-view.js';
import { dateOf, formatDateTime } from '../../../../lib/dates.js';

export const JobCard_job = graphql(`
  fragment JobCard_job on LifecycleJob {
    status
    startedAt
    completedAt
    attempts
    steps {
      name
      status
      message
    }
  }
`);

const STATUS_WORDS: Record<string, { label: string; intent: Intent }> = {
  NOT_STARTED: { label: 'Not started', intent: Intent.NONE },
  PENDING: { label: 'Pending', intent: Intent.PRIMARY },
  IN_PROGRESS: { label: 'In progress', intent: Intent.PRIMARY },
  COMPLETED: { label: 'Completed', intent: Intent.SUCCESS },
  FAILED: { label: 'Failed', intent: Intent.DANGER },
};

const when = (value: unknown) => (dateOf(value) ? formatDateTime(value) : null);

function StepIcon({ status }: { status: string }) {
  switch (status) {
    case 'COMPLETED':
      return <TickCircleIcon className={Classes.intentClass(Intent.SUCCESS)} title="Completed" />;
    case 'FAILED':
      return <CrossCircleIcon className={Classes.intentClass(Intent.DANGER)} title="Failed" />;
    case 'IN_PROGRESS':
      return <Spinner size={16} aria-label="In progress" />;
    default:
      return <CircleIcon className={Classes.TEXT_MUTED} title="Pending" />;
  }
}

export interface JobCardProps {
  title: string;
  job: FragmentType<typeof JobCard_job>;
  /**
   * The button that starts the job again ("Retry deployment"), when the page offers it to this person;
   * null when they may not (the failure then says who can).
   */
  retryLabel?: string | null;
}

/** A failed job's summary: which step, when, which attempt, and how to run it again. */
function FailureSummary({
  title,
  step,
  failedAt,
  attempts,
  retryLabel,
}: {
  title: string;
  step: string;
  failedAt: string | null;
  attempts: number;
  retryLabel: string | null;
}) {
  const attempt = attempts > 1 ? `attempt ${attempts}` : 'first attempt';
  return (
    <Callout intent={Intent.DANGER} compact title={`${title} failed at “${step}”`}>
      <p>
        {failedAt ? `Failed ${failedAt}, ` : ''}
        {attempt}. Why is under the step above.
      </p>
      <p>
        {retryLabel
          ? `To retry: fix what the step says, then press “${retryLabel}” below the lifecycle path. The ${title.toLowerCase()} runs all its steps again (attempt ${attempts + 1}).`
          : `Once what the step says is fixed, someone who may change the lifecycle can retry the ${title.toLowerCase()}.`}
      </p>
    </Callout>
  );
}

/** One lifecycle job: its state, its steps as they advance, and where it failed. */
export function JobCard({ title, job: jobRef, retryLabel = null }: JobCardProps) {
  const job = getFragmentData(JobCard_job, jobRef);
  const status = STATUS_WORDS[job.status] ?? { label: job.status, intent: Intent.NONE };
  const progress = jobProgress(job);
  const failedAt = failedStep(job);
  const running = isRunning(job);
  const headingId = `job-${title.toLowerCase()}`;
  return (
    <Card compact aria-labelledby={headingId} role="region">
      <div className="meridian-page-header">
        <H3 id={headingId} className="meridian-section-heading">
          {title}
        </H3>
        <Tag intent={status.intent} minimal>
          {status.label}
        </Tag>
      </div>
      {job.status !== 'NOT_STARTED' && (
        <>
          <ProgressBar
            intent={
              job.status === 'FAILED' ? Intent.DANGER : job.status === 'COMPLETED' ? Intent.SUCCESS : Intent.PRIMARY
            }
            value={progress.share}
            animate={running}
            stripes={running}
            aria-label={`${title}: ${progress.done} of ${progress.total} steps done`}
          />
          <p className={Classes.TEXT_MUTED}>
            {progress.done} of {progress.total} steps done
            {when(job.startedAt) && ` · started ${when(job.startedAt)}`}
            {when(job.completedAt) && ` · ${job.status === 'FAILED' ? 'failed' : 'finished'} ${when(job.completedAt)}`}
          </p>
        </>
      )}
      <ol className="meridian-job-steps" aria-label={`${title} steps`}>
        {job.steps.map((step) => {
          const failure = stepFailureMessage(step);
          return (
            <li key={step.name}>
              <StepIcon status={step.status} />
              <span>{step.name}</span>
              {/* Why the step failed, in the platform's words: what to fix before starting again. */}
              {failure && (
                <Callout className="meridian-step-failure" intent={Intent.DANGER} compact icon={null}>
                  {failure}
                </Callout>
              )}
            </li>
          );
        })}
      </ol>
      {failedAt && job.status === 'FAILED' && (
        <FailureSummary
          title={title}
          step={failedAt}
          failedAt={when(job.completedAt)}
          attempts={job.attempts}
          retryLabel={retryLabel}
        />
      )}
    </Card>
  );
}
