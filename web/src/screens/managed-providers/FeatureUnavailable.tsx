import { NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { MESSAGES } from '@meridian/schema';

/**
 * What an operator sees for an organization whose license lacks managed providers (decisions.md: the
 * console explains with the gateway's words). Org users never get here: their guard sends them home.
 */
export function FeatureUnavailable() {
  return (
    <NonIdealState
      icon={<LockIcon size={48} />}
      title="Managed providers are not available"
      description={MESSAGES.featureUnavailable}
    />
  );
}
