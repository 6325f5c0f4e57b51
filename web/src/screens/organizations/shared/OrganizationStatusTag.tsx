import { Tag } from '@blueprintjs/core';
import { statusLook } from './organization-status.js';

export interface OrganizationStatusTagProps {
  /** The organization's lifecycle state (OrganizationStatus). */
  status: string;
}

/** The lifecycle state as a coloured tag, its meaning in the title. */
export function OrganizationStatusTag({ status }: OrganizationStatusTagProps) {
  const look = statusLook(status);
  return (
    <Tag intent={look.intent} minimal round title={look.description}>
      {look.label}
    </Tag>
  );
}
