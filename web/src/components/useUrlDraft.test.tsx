import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sameSearchText, useUrlDraft } from './useUrlDraft.js';

afterEach(cleanup);

function SearchBox({ fromUrl, keeps }: { fromUrl: string; keeps?: typeof sameSearchText }) {
  const [text, setText] = useUrlDraft(fromUrl, keeps);
  return <input aria-label="Search" value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });

describe('useUrlDraft', () => {
  it('keeps what is typed until the URL changes, then shows the URL’s value', () => {
    const view = render(<SearchBox fromUrl="acme" />);
    fireEvent.change(box(), { target: { value: 'acm' } });
    expect(box().value).toBe('acm');
    view.rerender(<SearchBox fromUrl="gulf" />);
    expect(box().value).toBe('gulf');
  });

  it('follows a back button whose undone step React never drew (the URL it saw did not change)', () => {
    render(<SearchBox fromUrl="acme" />);
    fireEvent.change(box(), { target: { value: 'gulf' } });
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    expect(box().value).toBe('acme');
  });

  it('keeps the typed text when the URL comes back saying the same', () => {
    const view = render(<SearchBox fromUrl="" keeps={sameSearchText} />);
    fireEvent.change(box(), { target: { value: 'acme ' } });
    view.rerender(<SearchBox fromUrl="acme" keeps={sameSearchText} />);
    expect(box().value).toBe('acme ');
  });
});
