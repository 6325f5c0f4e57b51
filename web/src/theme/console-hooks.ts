/**
 * The hidden panels open from the browser console (spec section 2):
 *   meridian.openThemePanel()   the theme colour panel
 *   meridian.openDevTools()     the developer tools panel
 */
export interface ConsoleHooks {
  openThemePanel: () => void;
  openDevTools: () => void;
}

declare global {
  interface Window {
    meridian?: Partial<ConsoleHooks>;
  }
}

/** Puts the hooks on `window.meridian`; answers the removal (for unmounting). */
export function installConsoleHooks(hooks: ConsoleHooks, target: Window = window): () => void {
  target.meridian = { ...target.meridian, ...hooks };
  return () => {
    if (target.meridian?.openThemePanel === hooks.openThemePanel) delete target.meridian.openThemePanel;
    if (target.meridian?.openDevTools === hooks.openDevTools) delete target.meridian.openDevTools;
  };
}
