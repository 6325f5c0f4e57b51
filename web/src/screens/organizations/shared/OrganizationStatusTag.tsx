import { Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { statusLook, type LifecycleProblemView } from './organization-status.js';

export interface OrganizationStatusTagProps {
  /** The organization's lifecycle state (OrganizationStatus). */
  status: string;
  /** The failed job its status waits on (Organization.lifecycleProblem); shown instead of the state. */
  problem?: LifecycleProblemView | null;
  /** Where the failed step and its reason show (the organization's lifecycle tab); the failed tag links there. */
  problemPath?: string;
  /** The moves the state allows (Organization.allowedActions): a state waiting for one names it. */
  allowedActions?: readonly string[] | null;
}

/** The lifecycle state as a coloured tag, its meaning in the title; a failure links to where it is explained. */
export function OrganizationStatusTag({ status, problem, problemPath, allowedActions }: OrganizationStatusTagProps) {
  const look = statusLook(status, problem, allowedActions);
  const tag = (
    <Tag intent={look.intent} minimal round title={look.description}>
      {look.label}
    </Tag>
  );
  if (!problem || !problemPath) return tag;
  return (
    <Link to={problemPath} className="meridian-status-tag-link" aria-label={`${look.description} See the lifecycle.`}>
      {tag}
    </Link>
  );
}
