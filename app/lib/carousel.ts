/**
 * The pure rules of the carousel slider (spec §3 Carousel, §4 Other, §9), kept apart from
 * the component so that unit tests pin them down: which slide comes next (wrapping both
 * ways), when a swipe counts, and how many columns a viewport width shows.
 */

/** One entry of spec §3 Carousel.breakPoints: from `breakPoint` px of viewport width up. */
export type BreakPoint = { breakPoint: number; numberOfColumns: number; gap: number };

/** Spec §9: a swipe over 50 px moves a slide. */
export const SWIPE_THRESHOLD = 50;
/** A pointer that moved further than this was dragging: releasing it over a link is no click. */
export const CLICK_TOLERANCE = 10;
/** Spec §9: autoplay every 3000 ms by default. */
export const AUTOPLAY_INTERVAL = 3000;
/** Spec §9: 3 slides per view when a slider names no breakpoints. */
export const DEFAULT_COLUMNS = 3;
const DEFAULT_GAP = 16;

/** Spec §9: 480 px one column, 768 px two columns gap 8, 1024 px three columns gap 16. */
export const DEFAULT_BREAKPOINTS: readonly BreakPoint[] = [
  { breakPoint: 480, numberOfColumns: 1, gap: 0 },
  { breakPoint: 768, numberOfColumns: 2, gap: 8 },
  { breakPoint: 1024, numberOfColumns: 3, gap: 16 },
];

export type CarouselLayout = { columns: number; gap: number };

/** Breakpoints with junk (0 columns, negative sizes, NaN) dropped, smallest first. */
export function normalizeBreakPoints(breakPoints: readonly BreakPoint[]): BreakPoint[] {
  return breakPoints
    .filter((b) => Number.isFinite(b.breakPoint) && b.breakPoint >= 0 && Number.isInteger(b.numberOfColumns) && b.numberOfColumns >= 1)
    .map((b) => ({ ...b, gap: Number.isFinite(b.gap) && b.gap > 0 ? b.gap : 0 }))
    .sort((a, b) => a.breakPoint - b.breakPoint);
}

/**
 * Columns and gap for a viewport width: the largest breakpoint the width reaches. Below the
 * smallest one the smallest still applies (a phone narrower than 480 px gets one column,
 * not the three of the no-breakpoint default).
 */
export function layoutFor(width: number, breakPoints: readonly BreakPoint[] = DEFAULT_BREAKPOINTS): CarouselLayout {
  const sorted = normalizeBreakPoints(breakPoints);
  if (sorted.length === 0) return { columns: DEFAULT_COLUMNS, gap: DEFAULT_GAP };
  const match = sorted.filter((b) => width >= b.breakPoint).pop() ?? sorted[0];
  return { columns: match.numberOfColumns, gap: match.gap };
}

/** The last slide that can lead the view: after it the view would run past the end. */
export function lastIndex(count: number, columns: number): number {
  return Math.max(0, count - Math.max(1, columns));
}

/** Next leading slide; from the last one it wraps around to the first (spec §4). */
export function nextIndex(current: number, count: number, columns: number): number {
  const last = lastIndex(count, columns);
  return current >= last ? 0 : current + 1;
}

/** Previous leading slide; from the first one it wraps around to the last. */
export function previousIndex(current: number, count: number, columns: number): number {
  const last = lastIndex(count, columns);
  if (current > last) return last;
  return current <= 0 ? last : current - 1;
}

/**
 * What a pointer gesture does: +1 (next) for a leftward swipe over the threshold, -1
 * (previous) for a rightward one, 0 otherwise, and 0 for a mostly vertical gesture, which
 * is the visitor scrolling the page.
 */
export function swipeDirection(dx: number, dy = 0, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dy) > Math.abs(dx)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Whether a gesture moved far enough sideways to be a drag rather than a click. */
export function isDrag(dx: number, tolerance = CLICK_TOLERANCE): boolean {
  return Math.abs(dx) > tolerance;
}

/** The leading slide of a scroll position (slides of equal width `step` apart). */
export function indexAtScroll(scrollLeft: number, step: number, count: number, columns: number): number {
  if (!(step > 0)) return 0;
  return Math.min(lastIndex(count, columns), Math.max(0, Math.round(scrollLeft / step)));
}
