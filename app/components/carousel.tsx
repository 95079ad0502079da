import { useId, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { useHydrated } from "remix-utils/use-hydrated";
import { AUTOPLAY_INTERVAL, DEFAULT_BREAKPOINTS, lastIndex, type BreakPoint } from "~/lib/carousel";
import { useAutoplay, useColumns, usePrefersReducedMotion, useSlidePosition, useSwipe } from "./carousel-hooks";

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

// Widths come from --cols and --gap: the stylesheet sets them for the spec's breakpoints
// ([data-carousel] in app/styles/app.css), so the server-rendered row is laid out exactly
// like the hydrated one. A <style> of its own in the page would be invalid inside <body>.
const SLIDE_STYLE: CSSProperties = { flex: "0 0 calc((100% - (var(--cols) - 1) * var(--gap)) / var(--cols))" };
const TRACK_STYLE: CSSProperties = { gap: "var(--gap)" };

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
  const { columns, gap, measured } = useColumns(breakPoints);
  // Breakpoints of its own (not the stylesheet's) are laid out by the script once it has
  // measured the window; before that, and without JavaScript, the spec's defaults apply.
  const ownLayout =
    measured && breakPoints !== DEFAULT_BREAKPOINTS ? ({ "--cols": columns, "--gap": `${gap}px` } as CSSProperties) : undefined;
  const track = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const { index, next, previous, onScroll } = useSlidePosition(track, count, columns, reducedMotion);
  const swipe = useSwipe(next, previous);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const canMove = lastIndex(count, columns) > 0;
  const playing = hydrated && autoplay && !editMode && !reducedMotion && !hovered && !focused && canMove;
  useAutoplay(playing, next, autoplayInterval);

  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-roledescription={t("home.carousel.roleDescription")}
      aria-label={label}
      className="relative"
      style={ownLayout}
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
      <div
        ref={track}
        className={`relative flex snap-x snap-mandatory pb-2 ${hydrated ? "touch-pan-y overflow-x-hidden select-none" : "overflow-x-auto"}`}
        style={TRACK_STYLE}
        data-testid={`${testId}-track`}
        onScroll={onScroll}
        {...swipe}
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
      {/* Moving the row changes no text, so the position is announced here (not while autoplaying). */}
      <p className="sr-only" aria-live={playing ? "off" : "polite"} aria-atomic="true">
        {hydrated && canMove ? t("home.carousel.slideOf", { index: index + 1, count }) : ""}
      </p>
      {hydrated && canMove ? <CarouselButtons testId={testId} onPrevious={previous} onNext={next} /> : null}
    </div>
  );
}

const BUTTON =
  "absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600";

/** Previous and next: rendered only once hydrated, since only the script can move the row. */
function CarouselButtons({ testId, onPrevious, onNext }: { testId: string; onPrevious: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={`${BUTTON} -left-3`}
        onClick={onPrevious}
        aria-label={t("home.carousel.previous")}
        data-testid={`${testId}-previous`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 1 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
        </svg>
      </button>
      <button
        type="button"
        className={`${BUTTON} -right-3`}
        onClick={onNext}
        aria-label={t("home.carousel.next")}
        data-testid={`${testId}-next`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M7.3 15.7a1 1 0 0 1 0-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4 0Z" />
        </svg>
      </button>
    </>
  );
}
