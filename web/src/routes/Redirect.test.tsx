import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Redirect } from './Redirect.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '');
});

function Where() {
  return <output>{useLocation().pathname}</output>;
}

/** `/old` redirecting to `/new`, rendered for the history entry keyed `key`. */
function renderRedirect(key: string) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/old', key }]}>
      <Routes>
        <Route path="/old" element={<Redirect to="/new" />} />
        <Route path="/new" element={<p>New page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('Redirect', () => {
  it('replaces the entry it was rendered for', () => {
    window.history.replaceState({ key: 'entry-1', idx: 1 }, '');
    renderRedirect('entry-1');
    expect(screen.getByRole('status').textContent).toBe('/new');
  });

  it('leaves alone an entry the person has already left (a render committed late)', () => {
    window.history.replaceState({ key: 'entry-2', idx: 2 }, '');
    renderRedirect('entry-1');
    expect(screen.getByRole('status').textContent).toBe('/old');
  });

  it('redirects when the browser entry carries no router key (first load, memory router)', () => {
    renderRedirect('default');
    expect(screen.getByRole('status').textContent).toBe('/new');
  });
});
