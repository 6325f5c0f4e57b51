import { unauthenticated } from '../../directives/refusals.js';
import type { Caller, GatewayContext } from '../../context.js';

/** The caller of a field the directives admit only when signed in; anonymous cannot get here. */
export function callerOf(context: GatewayContext): Caller {
  if (!context.caller) throw unauthenticated();
  return context.caller;
}
