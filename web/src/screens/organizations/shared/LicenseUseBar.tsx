import { ProgressBar } from '@blueprintjs/core';
import { limitUse } from './license-use.js';

export interface LicenseUseBarProps {
  /** What is counted, for the accessible name ("Active users"). */
  label: string;
  used: number;
  limit: number;
}

/** Use against a limit at a glance: "12 of 20" and a bar that turns amber near the limit and red at it. */
export function LicenseUseBar({ label, used, limit }: LicenseUseBarProps) {
  const use = limitUse(used, limit);
  return (
    <div className="meridian-license-use" title={`${label}: ${use.text}`}>
      <span className="meridian-license-use-text">{use.text}</span>
      <ProgressBar
        className="meridian-license-use-bar"
        intent={use.intent}
        value={use.share}
        animate={false}
        stripes={false}
        aria-label={`${label}: ${use.text}`}
      />
    </div>
  );
}
