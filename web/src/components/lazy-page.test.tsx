import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

afterEach(cleanup);

/** A module whose import the test resolves by hand. */
function deferredModule() {
  let resolve!: () => void;
  const loaded = new Promise<void>((done) => (resolve = done));
  const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;
  return { load: () => loaded.then(() => ({ default: Greeting })), resolve };
}

describe('lazyPage', () => {
  it('shows the fallback until the module has loaded, then the page with its props', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => module.resolve());
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
  });

  it('renders a preloaded page at once, without suspending', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const preloading = Page.preload();
    module.resolve();
    await preloading;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Grace" />
      </Suspense>,
    );
    // Synchronously: React.lazy would show the fallback for this first render.
    expect(screen.getByText('Hello, Grace')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('loads the module once however often it is preloaded or rendered', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: () => <p>Loaded</p> };
    });
    await Promise.all([Page.preload(), Page.preload()]);
    render(<Page />);
    expect(screen.getByText('Loaded')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
