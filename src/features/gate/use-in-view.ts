import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is wholly on screen, from an IntersectionObserver
 * (true where there is none, as in tests: nothing is then out of view).
 */
export function useWhollyInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (el === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last !== undefined) setInView(last.isIntersecting && last.intersectionRatio >= 0.99);
      },
      { threshold: [0, 0.99, 1] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
