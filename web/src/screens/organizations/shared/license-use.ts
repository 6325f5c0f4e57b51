import { Intent } from '@blueprintjs/core';
import { formatCount } from '../../../lib/numbers.js';

/** How full a limit is: the share used (0–1, capped), and a colour that warns as it fills. */
export interface LimitUse {
  share: number;
  intent: Intent;
  /** "12 of 20", or "12 (no limit set)" when the limit is 0 and something is used. */
  text: string;
}

/** From 90 % a limit is nearly reached; at 100 % nothing more fits. */
const NEARLY_FULL = 0.9;

export function limitUse(used: number, limit: number): LimitUse {
  const share = limit > 0 ? Math.min(used / limit, 1) : used > 0 ? 1 : 0;
  const intent = share >= 1 ? Intent.DANGER : share >= NEARLY_FULL ? Intent.WARNING : Intent.SUCCESS;
  return { share, intent, text: `${formatCount(used)} of ${formatCount(limit)}` };
}
