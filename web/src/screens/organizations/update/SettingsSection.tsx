import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messageOfError } from '../../../components/mutation-outcome.js';

export interface SettingsSectionProps {
  /** Names the section's heading: `${id}-heading`, which labels the section. */
  id: string;
  title: string;
  /** The section's action beside its title ("New token", "Add endpoint"); null for a reader who may only look. */
  action: ReactNode;
  /** What the section is for, under the title. */
  intro: ReactNode;
  /** The section's query: until its data has come, its failure (with a retry) or the skeleton shows. */
  query: { loaded: boolean; loading: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** Says what could not be loaded: "The webhooks could not be loaded". */
  failedTitle: string;
  /** Stands in for the data while it comes. */
  skeleton: ReactNode;
  /** The data, once it has come. */
  list: ReactNode;
  /** What shows after the list whether or not it has come: help, the section's dialogs. */
  children?: ReactNode;
}

/**
 * An organization's settings tab that lists what it has (Provisioning's tokens, Webhooks' endpoints):
 * the heading with its action, the intro, then the list, its skeleton while it loads, or why it did not
 * with a way to try again.
 */
export function SettingsSection({
  id,
  title,
  action,
  intro,
  query,
  failedTitle,
  skeleton,
  list,
  children,
}: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  let body: ReactNode = list;
  if (!query.loaded) {
    body =
      query.error !== undefined && !query.loading ? (
        <Callout intent={Intent.DANGER} title={failedTitle}>
          <p>{messageOfError(query.error)}</p>
          <Button onClick={() => void query.refetch().catch(() => undefined)}>Try again</Button>
        </Callout>
      ) : (
        <div aria-busy="true">{skeleton}</div>
      );
  }
  return (
    <section className="meridian-form" aria-labelledby={headingId}>
      <div className="meridian-page-header">
        <H2 id={headingId} className="meridian-section-heading">
          {title}
        </H2>
        {action}
      </div>
      <p className={Classes.TEXT_MUTED}>{intro}</p>
      {body}
      {children}
    </section>
  );
}
