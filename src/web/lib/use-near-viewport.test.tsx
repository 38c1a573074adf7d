// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [near, ref] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    const entry = { isIntersecting, target: this.observed[0] } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('useNearViewport', () => {
  it('is true at once where IntersectionObserver does not exist', () => {
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });

  it('turns true when the element nears the viewport, then stops observing', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    const observer = FakeObserver.last;
    if (!observer) throw new Error('no observer created');
    expect(screen.getByText('far')).toBeTruthy();
    expect(observer.observed).toEqual([screen.getByText('far')]);
    expect(observer.options.rootMargin).toBe('0px 0px 600px 0px');

    act(() => observer.fire(false));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer.fire(true));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });
});
