import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastCenter } from './toast-center.js';
import { loadToasters, ToastProvider } from './ToastProvider.js';
import { TOAST_DURATION_MS } from './toast-model.js';
import { useToasts, type ToastsApi } from './useToasts.js';

/** Renders the provider with a fresh center and hands back the hook's API as a component sees it. */
function renderToasts(): { api: ToastsApi; center: ToastCenter } {
  const center = new ToastCenter();
  let api: ToastsApi | undefined;
  function Probe() {
    api = useToasts();
    return null;
  }
  render(
    <ToastProvider center={center}>
      <Probe />
    </ToastProvider>,
  );
  return { api: api!, center };
}

// The containers' code loads with the first toast (see 'load the containers with the first toast'); the
// other tests have it loaded already, so toasts show within the act() that asks for them.
beforeAll(async () => {
  await loadToasters();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('start below the page’s title while it is on screen, so none covers it; near the top once it is scrolled away', () => {
    const main = document.createElement('main');
    const title = document.createElement('h1');
    title.textContent = 'Erin Example';
    main.append(title);
    document.body.append(main);
    let bottom = 150;
    vi.spyOn(title, 'getBoundingClientRect').mockImplementation(() => ({ bottom }) as DOMRect);
    try {
      const { api } = renderToasts();
      act(() => void api.show({ type: 'success', message: 'Saved.' }));
      const region = screen.getByTestId('toasts-top-centre');
      expect(region.style.top).toBe('158px');
      bottom = -40;
      act(() => void api.show({ type: 'success', message: 'Saved again.' }));
      expect(region.style.top).toBe('8px');
    } finally {
      main.remove();
    }
  });

  it('answer 21-character nanoid ids, unique per toast', () => {
    const { api } = renderToasts();
    let ids: string[] = [];
    act(() => {
      ids = [api.show({ message: 'one' }), api.show({ message: 'two' })];
    });
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('carry the default title of their type and last 3000 ms unless infinite or given a duration', async () => {
    const { api, center } = renderToasts();
    act(() => {
      api.show({ type: 'success', message: 'Saved.' });
      api.show({ type: 'error', message: 'Refused.', isInfinite: true });
      api.show({ type: 'info', message: 'Heads up.', duration: 10_000 });
      api.show({ message: 'Plain.' });
    });
    expect(
      center.list().map(({ type, title, duration, isInfinite }) => ({ type, title, duration, isInfinite })),
    ).toEqual([
      { type: 'success', title: 'Success', duration: TOAST_DURATION_MS, isInfinite: false },
      { type: 'error', title: 'Error', duration: 0, isInfinite: true },
      { type: 'info', title: 'Info', duration: 10_000, isInfinite: false },
      { type: 'default', title: 'Default', duration: TOAST_DURATION_MS, isInfinite: false },
    ]);
    expect(TOAST_DURATION_MS).toBe(3000);
    const saved = await screen.findByText('Saved.');
    expect(saved.closest('.meridian-toast-body')?.textContent).toBe('SuccessSaved.');
    await screen.findByText('Plain.');
    expect(screen.getByText('Default')).toBeTruthy();
  });

  it('show each container in its place: default and secret-messages top-centre, background-sync bottom-right', async () => {
    const { api } = renderToasts();
    act(() => {
      api.show({ message: 'To everyone.' });
      api.show({ message: 'Synced.', containerId: 'background-sync' });
      api.show({ message: 'The secret.', containerId: 'secret-messages', isInfinite: true });
    });
    const top = screen.getByTestId('toasts-top-centre');
    const bottomRight = screen.getByTestId('toasts-bottom-right');
    await waitFor(() => within(top).getByText('To everyone.'));
    within(top).getByText('The secret.');
    within(bottomRight).getByText('Synced.');
    expect(within(top).getByText('The secret.').closest('.meridian-toaster-secret-messages')).toBeTruthy();
    expect(within(bottomRight).queryByText('To everyone.')).toBeNull();
  });

  it('dismiss themselves after 3000 ms and run the dismiss callback once', async () => {
    vi.useFakeTimers();
    const { api, center } = renderToasts();
    const onDismiss = vi.fn();
    act(() => {
      api.show({ message: 'Brief.', onDismiss });
    });
    expect(screen.getByText('Brief.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2900));
    expect(center.list()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(200));
    expect(center.list()).toHaveLength(0);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('stay while infinite, and go when dismissed by id or by their close button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, center } = renderToasts();
    const first = vi.fn();
    const second = vi.fn();
    let firstId = '';
    act(() => {
      firstId = api.show({ message: 'Stays.', isInfinite: true, onDismiss: first });
      api.show({ message: 'Closed by hand.', isInfinite: true, onDismiss: second });
    });
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(center.list()).toHaveLength(2);
    act(() => api.dismiss(firstId));
    expect(first).toHaveBeenCalledTimes(1);
    const toast = (await screen.findByText('Closed by hand.')).closest('.bp6-toast') as HTMLElement;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(toast).getByRole('button'));
    expect(second).toHaveBeenCalledTimes(1);
    expect(center.list()).toHaveLength(0);
  });

  it('clear every container at once, running each callback', async () => {
    const { api, center } = renderToasts();
    const callbacks = [vi.fn(), vi.fn(), vi.fn()];
    act(() => {
      api.show({ message: 'a', isInfinite: true, onDismiss: callbacks[0] });
      api.show({ message: 'b', isInfinite: true, containerId: 'background-sync', onDismiss: callbacks[1] });
      api.show({ message: 'c', isInfinite: true, containerId: 'secret-messages', onDismiss: callbacks[2] });
    });
    await screen.findByText('a');
    act(() => api.clear());
    expect(center.list()).toEqual([]);
    for (const callback of callbacks) expect(callback).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('a')).toBeNull());
  });

  it('load the containers with the first toast, not before', async () => {
    const { api } = renderToasts();
    expect(screen.queryByTestId('toasts-top-centre')).toBeNull();
    act(() => {
      api.show({ message: 'First.' });
    });
    expect(within(await screen.findByTestId('toasts-top-centre')).getByText('First.')).toBeTruthy();
  });

  it('wait for the containers when shown before they mount', async () => {
    const center = new ToastCenter();
    center.show({ type: 'error', message: 'Early.' });
    render(<ToastProvider center={center} />);
    expect(await screen.findByText('Early.')).toBeTruthy();
  });
});
