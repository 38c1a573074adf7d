import { useEffect, useState } from 'react';

/**
 * True once the element given to the returned ref comes within `rootMargin` of the viewport
 * (and from then on). For parts below the fold whose code need not load with the page. Without
 * IntersectionObserver (old browsers, jsdom) it turns true right after mounting.
 */
export function useNearViewport<T extends Element>(rootMargin = '0px 0px 600px 0px'): [boolean, (node: T | null) => void] {
  // Starts false everywhere: the first render in the browser must match the server's render.
  const [near, setNear] = useState(false);
  const [node, setNode] = useState<T | null>(null);

  useEffect(() => {
    if (near || !node) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node, rootMargin]);

  return [near, setNode];
}
