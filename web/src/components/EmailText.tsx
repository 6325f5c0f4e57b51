import { Fragment } from 'react';
import './email-text.css';

export interface EmailTextProps {
  email: string;
}

/** The pieces of an address with where a line may break: before "@" and before each ".". */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?=[@.])/);
}

/**
 * An email address that wraps only at sensible places (before "@" and "."), never in the middle of a
 * name: a narrow column breaks "jane.doe@acme-health.test" as "jane / .doe / @acme-health / .test"
 * rather than "jane.do / e@acme".
 */
export function EmailText({ email }: EmailTextProps) {
  return (
    <span className="meridian-email">
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
