import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Whether a sideways scroller holds more than it shows, and on which side. */
export interface SideScroll {
  /** Some content is out of view (the table is wider than its box). */
  overflows: boolean;
  /** Content out of view to the right / to the left. */
  more: boolean;
  less: boolean;
}

const NONE: SideScroll = { overflows: false, more: false, less: false };

/** What a box of `scrollWidth`, `clientWidth` scrolled `scrollLeft` hides (1 px of rounding allowed). */
export function sideScroll(box: { scrollWidth: number; clientWidth: number; scrollLeft: number }): SideScroll {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return NONE;
  return { overflows: true, more: box.scrollLeft < hidden - 1, less: box.scrollLeft > 1 };
}

/** Follows `ref`'s sideways overflow as it scrolls and resizes (a phone turned, the table refilled). */
export function useSideScroll(ref: RefObject<HTMLElement | null>): SideScroll {
  const [state, setState] = useState<SideScroll>(NONE);
  const update = useCallback(() => {
    const el = ref.current;
    const next = el ? sideScroll(el) : NONE;
    setState((s) => (s.overflows === next.overflows && s.more === next.more && s.less === next.less ? s : next));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  });
  return state;
}
