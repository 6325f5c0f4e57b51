import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigErrorScreen } from './ConfigErrorScreen.js';
import { CONFIG_ERROR_MESSAGE } from './runtime.js';

describe('the configuration error screen', () => {
  afterEach(cleanup);

  it('says the console cannot start, why, and offers a reload', () => {
    render(<ConfigErrorScreen detail="config.json answered HTTP 404." />);
    expect(screen.getByRole('heading', { name: 'The console cannot start' })).toBeTruthy();
    expect(screen.getByText(CONFIG_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByText('config.json answered HTTP 404.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
