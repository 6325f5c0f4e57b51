import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { WarningSign } from '@blueprintjs/icons';
import { CONFIG_ERROR_MESSAGE } from './runtime.js';

export interface ConfigErrorScreenProps {
  /** What went wrong, for developers (shown small under the message). */
  detail?: string;
}

/** Shown instead of the console when /config.json cannot be loaded: without it nothing can sign in. */
export function ConfigErrorScreen({ detail }: ConfigErrorScreenProps) {
  return (
    <main style={{ height: '100vh', display: 'flex' }}>
      <NonIdealState
        icon={<WarningSign size={48} />}
        title="The console cannot start"
        description={
          <>
            <p>{CONFIG_ERROR_MESSAGE}</p>
            {detail ? <small>{detail}</small> : null}
          </>
        }
        action={<Button intent={Intent.PRIMARY} text="Reload" onClick={() => window.location.reload()} />}
      />
    </main>
  );
}
