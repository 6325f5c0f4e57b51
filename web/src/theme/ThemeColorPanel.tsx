import { Button, Drawer, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import {
  currentPaletteColor,
  PALETTE_COLORS,
  readPaletteOverrides,
  resetPalette,
  setPaletteColor,
  type PaletteColorName,
} from './palette.js';
import type { ThemePreference } from './theme-preference.js';
import { useTheme } from './useTheme.js';

export interface ThemeColorPanelProps {
  onClose: () => void;
}

/** The hidden colour picker for the brand palette (opened with meridian.openThemePanel()). */
export function ThemeColorPanel({ onClose }: ThemeColorPanelProps) {
  const { preference, setPreference } = useTheme();
  const [, setVersion] = useState(0);
  const overrides = readPaletteOverrides();
  const refresh = () => setVersion((version) => version + 1);
  const change = (name: PaletteColorName, value: string | null) => {
    setPaletteColor(name, value);
    refresh();
  };
  return (
    <Drawer isOpen onClose={onClose} title="Theme colours" size="360px" hasBackdrop={false}>
      <div className="meridian-panel-body">
        <RadioGroup
          label="Theme"
          selectedValue={preference}
          onChange={(event) => setPreference(event.currentTarget.value as ThemePreference)}
        >
          <Radio label="Follow the system" value="system" />
          <Radio label="Light" value="light" />
          <Radio label="Dark" value="dark" />
        </RadioGroup>
        {PALETTE_COLORS.map(({ name, label }) => (
          <FormGroup
            key={name}
            label={label}
            labelFor={`palette${name}`}
            helperText={overrides[name] ? 'Changed' : 'Theme default'}
          >
            <input
              id={`palette${name}`}
              type="color"
              value={overrides[name] ?? currentPaletteColor(name)}
              onChange={(event) => change(name, event.currentTarget.value)}
            />{' '}
            {overrides[name] && (
              <Button size="small" variant="minimal" onClick={() => change(name, null)}>
                Reset
              </Button>
            )}
          </FormGroup>
        ))}
        <Button
          onClick={() => {
            resetPalette();
            refresh();
          }}
        >
          Reset all colours
        </Button>
      </div>
    </Drawer>
  );
}

export default ThemeColorPanel;
