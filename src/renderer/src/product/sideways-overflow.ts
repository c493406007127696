// Whether a box is narrower than what it holds, kept up to date as either changes size. A box that
// scrolls must be reachable by keyboard; one that does not would be a tab stop for nothing.
import { type RefObject, useLayoutEffect, useRef, useState } from "react";

export function useSidewaysOverflow<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box === null) return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth);
    measure();
    // Without layout (jsdom) there is no size to follow; every browser the app runs in has one.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}
