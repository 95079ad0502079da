import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent, type RefObject } from "react";
import {
  indexAtScroll,
  isDrag,
  layoutFor,
  nextIndex,
  previousIndex,
  swipeDirection,
  SWIPE_THRESHOLD,
  type BreakPoint,
} from "~/lib/carousel";

/** The behaviour of the carousel slider, one hook per concern; the rules live in lib/carousel. */

export function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/** Columns and gap for the viewport width: the same rule as the stylesheet's breakpoints, so both agree. */
export function useColumns(breakPoints: readonly BreakPoint[]) {
  const key = JSON.stringify(breakPoints);
  const [layout, setLayout] = useState(() => ({ ...layoutFor(Number.POSITIVE_INFINITY, breakPoints), measured: false }));
  useEffect(() => {
    const update = () => setLayout({ ...layoutFor(window.innerWidth, JSON.parse(key) as BreakPoint[]), measured: true });
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [key]);
  return layout;
}

/**
 * The leading slide and the moves: goTo scrolls the row to a slide; next and previous
 * wrap around; onScroll follows the row when the browser scrolls it (focus moving to a
 * hidden slide's link).
 */
export function useSlidePosition(track: RefObject<HTMLDivElement>, count: number, columns: number, reducedMotion: boolean) {
  const [index, setIndex] = useState(0);
  const current = useRef(0);
  // Where a programmatic (smooth) scroll is heading: its scroll events describe the way
  // there, not a new position, so they must not reset the index (a click made meanwhile
  // would otherwise start from a stale slide).
  const heading = useRef<{ left: number; until: number } | null>(null);
  const goTo = useCallback(
    (target: number) => {
      const row = track.current;
      const slide = row?.children[target] as HTMLElement | undefined;
      if (!row || !slide) return;
      current.current = target;
      setIndex(target);
      const left = Math.min(slide.offsetLeft, row.scrollWidth - row.clientWidth);
      heading.current = { left, until: Date.now() + 1000 };
      row.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [track, reducedMotion],
  );
  const next = useCallback(() => goTo(nextIndex(current.current, count, columns)), [goTo, count, columns]);
  const previous = useCallback(() => goTo(previousIndex(current.current, count, columns)), [goTo, count, columns]);
  const onScroll = useCallback(() => {
    const row = track.current;
    const [first, second] = [row?.children[0], row?.children[1]] as (HTMLElement | undefined)[];
    if (!row || !first) return;
    if (heading.current) {
      const arrived = Math.abs(row.scrollLeft - heading.current.left) < 2;
      if (arrived || Date.now() > heading.current.until) heading.current = null;
      return;
    }
    const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
    current.current = indexAtScroll(row.scrollLeft, step, count, columns);
    setIndex(current.current);
  }, [track, count, columns]);
  return { index, next, previous, onScroll };
}

/** Calls `advance` every `interval` ms while `playing`. */
export function useAutoplay(playing: boolean, advance: () => void, interval: number) {
  useEffect(() => {
    if (!playing) return;
    // A floor, so that a mistyped interval cannot spin the slider.
    const timer = window.setInterval(advance, Math.max(500, interval));
    return () => window.clearInterval(timer);
  }, [playing, advance, interval]);
}

/**
 * Pointer handlers of the row: a swipe over the threshold moves one slide; any drag
 * swallows the click that the browser fires on release, so a card is not opened by it.
 */
export function useSwipe(next: () => void, previous: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      dragged.current = false;
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const from = start.current;
      // Captured only once it is a swipe: capturing at once would retarget the click of a link.
      if (from && Math.abs(event.clientX - from.x) > SWIPE_THRESHOLD && !event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      dragged.current = isDrag(event.clientX - from.x);
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (direction > 0) next();
      else if (direction < 0) previous();
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event: MouseEvent<HTMLDivElement>) {
      if (!dragged.current) return;
      dragged.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    // Links and images would start a native drag, which cancels the pointer stream.
    onDragStart(event: MouseEvent<HTMLDivElement>) {
      event.preventDefault();
    },
  };
}
