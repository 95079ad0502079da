import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  AUTOPLAY_INTERVAL,
  breakPointCss,
  DEFAULT_BREAKPOINTS,
  indexAtScroll,
  isDrag,
  lastIndex,
  layoutFor,
  nextIndex,
  previousIndex,
  swipeDirection,
  SWIPE_THRESHOLD,
  type BreakPoint,
} from "~/lib/carousel";

type Props = {
  /** Spec §3 Carousel.slides. */
  slides: readonly ReactNode[];
  /** Spec §3 autoplay; spec §9 makes it the default, product sliders turn it off. */
  autoplay?: boolean;
  autoplayInterval?: number;
  breakPoints?: readonly BreakPoint[];
  /** In-page edit mode (spec §4: editPage=true for a backoffice user) never autoplays. */
  editMode?: boolean;
  /** Accessible name of the slider, e.g. its heading. */
  label: string;
  testId?: string;
};

// Widths come from the breakpoint CSS (--cols, --gap), so the server-rendered row is laid
// out exactly like the hydrated one.
const SLIDE_STYLE: CSSProperties = { flex: "0 0 calc((100% - (var(--cols) - 1) * var(--gap)) / var(--cols))" };
const TRACK_STYLE: CSSProperties = { gap: "var(--gap)" };

function usePrefersReducedMotion() {
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

/**
 * The carousel slider (spec §3, §4, §9). Without JavaScript it is a row that scrolls
 * sideways and snaps to slides. Once hydrated the row stops scrolling freely: previous and
 * next buttons (wrapping around), a swipe over 50 px and autoplay (paused on hover and
 * focus, off for reduced motion and in edit mode) move it one slide at a time.
 */
export function Carousel({
  slides,
  autoplay = true,
  autoplayInterval = AUTOPLAY_INTERVAL,
  breakPoints = DEFAULT_BREAKPOINTS,
  editMode = false,
  label,
  testId = "carousel",
}: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useId().replace(/[^a-zA-Z0-9]/g, "");
  const reducedMotion = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const [columns, setColumns] = useState(() => layoutFor(Number.POSITIVE_INFINITY, breakPoints).columns);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const gesture = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const count = slides.length;
  const breakPointKey = JSON.stringify(breakPoints);

  // The same media rule as the CSS: the viewport width picks the columns.
  useEffect(() => {
    const update = () => setColumns(layoutFor(window.innerWidth, JSON.parse(breakPointKey) as BreakPoint[]).columns);
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [breakPointKey]);

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      const slide = track?.children[target] as HTMLElement | undefined;
      if (!track || !slide) return;
      indexRef.current = target;
      setIndex(target);
      track.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [reducedMotion],
  );
  const next = useCallback(() => goTo(nextIndex(indexRef.current, count, columns)), [goTo, count, columns]);
  const previous = useCallback(() => goTo(previousIndex(indexRef.current, count, columns)), [goTo, count, columns]);

  const canMove = lastIndex(count, columns) > 0;
  const playing = hydrated && autoplay && !editMode && !reducedMotion && !hovered && !focused && canMove;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(next, Math.max(500, autoplayInterval));
    return () => window.clearInterval(timer);
  }, [playing, next, autoplayInterval]);

  // Focus moving to a hidden slide scrolls the row by itself: follow it.
  const onScroll = () => {
    const track = trackRef.current;
    const [first, second] = [track?.children[0], track?.children[1]] as (HTMLElement | undefined)[];
    if (!track || !first) return;
    const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
    const at = indexAtScroll(track.scrollLeft, step, count, columns);
    indexRef.current = at;
    setIndex(at);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    gesture.current = { x: event.clientX, y: event.clientY };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    // Captured only once it is a swipe: capturing at once would retarget the click of a link.
    if (start && Math.abs(event.clientX - start.x) > SWIPE_THRESHOLD && !event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start) return;
    dragged.current = isDrag(event.clientX - start.x);
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (direction === 0) return;
    if (direction > 0) next();
    else previous();
  };

  if (count === 0) return null;
  const buttonClass =
    "absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div
      role="region"
      aria-roledescription={t("home.carousel.roleDescription")}
      aria-label={label}
      className="relative"
      data-carousel={scope}
      data-testid={testId}
      data-index={index}
      data-hydrated={hydrated ? "true" : undefined}
      data-autoplay={playing ? "on" : "off"}
      data-edit-mode={editMode ? "true" : undefined}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
    >
      <style dangerouslySetInnerHTML={{ __html: breakPointCss(scope, breakPoints) }} />
      <div
        ref={trackRef}
        className={`relative flex snap-x snap-mandatory pb-2 ${hydrated ? "touch-pan-y overflow-x-hidden select-none" : "overflow-x-auto"}`}
        style={TRACK_STYLE}
        aria-live={playing ? "off" : "polite"}
        data-testid={`${testId}-track`}
        onScroll={onScroll}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (gesture.current = null)}
        onClickCapture={(event) => {
          // The pointer was released over a link after a drag: that is not a click.
          if (!dragged.current) return;
          dragged.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        // Links and images would start a native drag, which cancels the pointer stream.
        onDragStart={(event) => event.preventDefault()}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription={t("home.carousel.slideRoleDescription")}
            aria-label={t("home.carousel.slideOf", { index: i + 1, count })}
            className="min-w-0 snap-start"
            style={SLIDE_STYLE}
            data-testid={`${testId}-slide`}
          >
            {slide}
          </div>
        ))}
      </div>
      {hydrated && canMove ? (
        <>
          <button type="button" className={`${buttonClass} -left-3`} onClick={previous} aria-label={t("home.carousel.previous")} data-testid={`${testId}-previous`}>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 1 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
            </svg>
          </button>
          <button type="button" className={`${buttonClass} -right-3`} onClick={next} aria-label={t("home.carousel.next")} data-testid={`${testId}-next`}>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M7.3 15.7a1 1 0 0 1 0-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4 0Z" />
            </svg>
          </button>
        </>
      ) : null}
    </div>
  );
}
