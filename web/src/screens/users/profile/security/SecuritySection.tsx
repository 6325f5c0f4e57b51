import type { SessionUser } from '../../../../session/session-user.js';
import { SecondFactorsSection } from './SecondFactorsSection.js';
import { SessionsSection } from './SessionsSection.js';
import './security.css';

export interface SecuritySectionProps {
  email: string;
  name: string;
  organizationId: string;
  actor: SessionUser;
  own: boolean;
}

/** The profile's sign-in security page: the person's second factors, then their sessions. */
export function SecuritySection(props: SecuritySectionProps) {
  return (
    <>
      <SecondFactorsSection {...props} />
      <SessionsSection {...props} />
    </>
  );
}
