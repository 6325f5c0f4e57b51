import { lazy, Suspense, useEffect, useState } from 'react';
import { installConsoleHooks } from './console-hooks.js';

// The panels are for developers and designers: their code loads only when one is opened.
const ThemeColorPanel = lazy(() => import('./ThemeColorPanel.js'));
const DevToolsPanel = lazy(() => import('./DevToolsPanel.js'));

type OpenPanel = 'theme' | 'devtools' | null;

/** Registers the console hooks and shows the panel they open. Renders nothing until then. */
export function DevPanels() {
  const [open, setOpen] = useState<OpenPanel>(null);
  useEffect(
    () =>
      installConsoleHooks({
        openThemePanel: () => setOpen('theme'),
        openDevTools: () => setOpen('devtools'),
      }),
    [],
  );
  if (open === null) return null;
  const close = () => setOpen(null);
  return (
    <Suspense fallback={null}>
      {open === 'theme' ? <ThemeColorPanel onClose={close} /> : <DevToolsPanel onClose={close} />}
    </Suspense>
  );
}
