import { Classes } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { AUDIT_ACTION_INFO, auditDetailLabel, auditDetailText, isAuditAction } from '@meridian/schema';
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

export interface ActivityEventProps {
  event: FragmentType<typeof ActivityEventFragment>;
  /** The product's name, in the labels of system roles. */
  productName: string;
  /** Whether its details show. */
  expanded: boolean;
  onToggle: () => void;
}

/**
 * One event as one line, its sentence and when, which opens to its details (issue 39): who (role and
 * organization), the target, the action, the request, the details and the before/after diff, every
 * name and value in words. The sentence is a disclosure button inside the heading (the WAI-ARIA
 * accordion pattern), so the list reads and tabs as a list of headings.
 */
export function ActivityEvent({ event: eventRef, productName, expanded, onToggle }: ActivityEventProps) {
  const event = getFragmentData(ActivityEventFragment, eventRef);
  const headingId = `activity-event-${event.id}`;
  const detailsId = `activity-event-${event.id}-details`;
  const role = actorRoleText(event, productName);
  const sentence = eventSentence(event);
  const Chevron = expanded ? ChevronDownIcon : ChevronRightIcon;
  return (
    <article
      className={`meridian-activity-event${expanded ? ' meridian-activity-event-open' : ''}`}
      aria-labelledby={headingId}
      data-testid="activity-event"
    >
      <div className="meridian-activity-line">
        <h3 id={headingId} className="meridian-activity-sentence">
          <button
            type="button"
            className="meridian-activity-toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            title={expanded ? undefined : sentence}
            onClick={onToggle}
          >
            <Chevron className="meridian-activity-chevron" aria-hidden />
            <span className="meridian-activity-sentence-text">{sentence}</span>
          </button>
        </h3>
        <time className={`meridian-activity-when ${Classes.TEXT_MUTED}`} dateTime={event.occurredAt}>
          {occurredText(event.occurredAt)}
        </time>
      </div>
      {expanded && (
        <div id={detailsId} className="meridian-activity-details">
          <dl className="meridian-activity-facts">
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
              {isAuditAction(event.action) ? `${AUDIT_ACTION_INFO[event.action].label} ` : ''}
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
              <Fact key={detail.name} term={auditDetailLabel(detail.name)}>
                {auditDetailText(detail.name, detail.value)}
              </Fact>
            ))}
          </dl>
          <ChangesDiff changes={event.changes} productName={productName} />
        </div>
      )}
    </article>
  );
}

/** A placeholder event while a page loads. */
export function ActivityEventSkeleton() {
  return (
    <article className="meridian-activity-event" aria-hidden="true">
      <h3 className={`meridian-activity-sentence ${Classes.SKELETON}`}>Someone changed something, some time ago</h3>
    </article>
  );
}
