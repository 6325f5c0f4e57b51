import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DELAY_MS, useLoadingDelay } from './useLoadingDelay.js';

describe('the loading delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps loading 500 ms after the user has loaded', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingDelay(loading), {
      initialProps: { loading: true },
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(result.current).toBe(true);
    rerender({ loading: false });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(LOADING_DELAY_MS - 1);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });

  it('holds for 500 ms even when already loaded, and again after a new load', () => {
    const { result, rerender } = renderHook(({ loading }) => useLoadingDelay(loading), {
      initialProps: { loading: false },
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(LOADING_DELAY_MS);
    });
    expect(result.current).toBe(false);
    rerender({ loading: true });
    expect(result.current).toBe(true);
    rerender({ loading: false });
    act(() => {
      vi.advanceTimersByTime(LOADING_DELAY_MS - 1);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });
});
