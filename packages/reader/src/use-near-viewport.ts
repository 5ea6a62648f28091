import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on). Heavy content below the
 * fold (a large doc's generated examples, code and types) mounts only then, so opening the doc pays for what
 * is on screen. Without IntersectionObserver (old browsers, some test DOMs) it is true at once.
 */
export function useNearViewport<T extends Element>(
  enabled: boolean,
  margin = '200px',
): [RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
