import { Classes } from '@blueprintjs/core';
import { OrganizationLink, UserLink } from '../entity-links.js';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.js';
import { EventTarget } from './EventTarget.js';
import { ChangesDiff } from './ChangesDiff.js';
import { actorKindText, actorRoleText, eventSentence, occurredText } from './event-words.js';

export const ActivityEventFragment = graphql(`
  fragment ActivityEvent_event on AuditEvent {
    id
    occurredAt
    actor
    actorName
    actorKind
    actorRole
    actorOrganizationId
    action
    organizationId
    targetType
    targetId
    changes {
      field
      before
      after
    }
    details {
      name
      value
    }
    requestId
    clientIp
    traceId
  }
`);

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="meridian-activity-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One event: its sentence, when, who (role and organization), the request, and its before/after diff. */
export function ActivityEvent({
  event: eventRef,
  productName,
}: {
  event: FragmentType<typeof ActivityEventFragment>;
  productName: string;
}) {
  const event = getFragmentData(ActivityEventFragment, eventRef);
  const headingId = `activity-event-${event.id}`;
  const role = actorRoleText(event, productName);
  return (
    <article className="meridian-activity-event" aria-labelledby={headingId} data-testid="activity-event">
      <h3 id={headingId} className="meridian-activity-sentence">
        {eventSentence(event)}
      </h3>
      <dl className="meridian-activity-facts">
        <Fact term="When">
          <time dateTime={event.occurredAt}>{occurredText(event.occurredAt)}</time>
        </Fact>
        <Fact term="Actor">
          {event.actorKind === 'USER' && event.actorOrganizationId ? (
            <UserLink organizationId={event.actorOrganizationId} email={event.actor} />
          ) : (
            event.actor
          )}
          {event.actorKind !== 'USER' && <span className={Classes.TEXT_MUTED}> ({actorKindText(event)})</span>}
        </Fact>
        {role && <Fact term="Role">{role}</Fact>}
        {event.actorOrganizationId && (
          <Fact term="Actor’s organization">
            <OrganizationLink organizationId={event.actorOrganizationId} />
          </Fact>
        )}
        {event.organizationId && (
          <Fact term="Organization">
            <OrganizationLink organizationId={event.organizationId} />
          </Fact>
        )}
        {event.targetId && (
          <Fact term="Target">
            <EventTarget event={event} />
          </Fact>
        )}
        <Fact term="Action">
          <code>{event.action}</code>
        </Fact>
        {event.requestId && (
          <Fact term="Request id">
            <code>{event.requestId}</code>
          </Fact>
        )}
        {event.clientIp && <Fact term="Client IP">{event.clientIp}</Fact>}
        {event.traceId && (
          <Fact term="Trace id">
            <code>{event.traceId}</code>
          </Fact>
        )}
        {event.details.map((detail) => (
          <Fact key={detail.name} term={detail.name}>
            {detail.value}
          </Fact>
        ))}
      </dl>
      <ChangesDiff changes={event.changes} />
    </article>
  );
}

/** A placeholder event while a page loads. */
export function ActivityEventSkeleton() {
  return (
    <article className="meridian-activity-event" aria-hidden="true">
      <h3 className={`meridian-activity-sentence ${Classes.SKELETON}`}>Someone changed something</h3>
      <p className={Classes.SKELETON}>When, who, role and organization</p>
    </article>
  );
}
