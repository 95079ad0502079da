import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AUTOPLAY_INTERVAL,
  DEFAULT_BREAKPOINTS,
  indexAtScroll,
  isDrag,
  lastIndex,
  layoutFor,
  nextIndex,
  previousIndex,
  swipeDirection,
  SWIPE_THRESHOLD,
} from "~/lib/carousel";

/** The carousel's rules (spec §4 Other, §9 Carousel constants). */
describe("carousel constants (spec §9)", () => {
  it("swipes over 50 px, autoplays every 3000 ms, breaks at 480/768/1024 px", () => {
    expect(SWIPE_THRESHOLD).toBe(50);
    expect(AUTOPLAY_INTERVAL).toBe(3000);
    expect(DEFAULT_BREAKPOINTS).toEqual([
      { breakPoint: 480, numberOfColumns: 1, gap: 0 },
      { breakPoint: 768, numberOfColumns: 2, gap: 8 },
      { breakPoint: 1024, numberOfColumns: 3, gap: 16 },
    ]);
  });
});

describe("layoutFor: columns and gap for a viewport width", () => {
  it.each([
    [320, 1, 0],
    [479, 1, 0],
    [480, 1, 0],
    [767, 1, 0],
    [768, 2, 8],
    [1023, 2, 8],
    [1024, 3, 16],
    [1920, 3, 16],
  ])("%i px → %i columns, gap %i", (width, columns, gap) => {
    expect(layoutFor(width)).toEqual({ columns, gap });
  });

  it("shows 3 slides when a slider names no breakpoints, and ignores junk breakpoints", () => {
    expect(layoutFor(800, [])).toEqual({ columns: 3, gap: 16 });
    expect(
      layoutFor(800, [
        { breakPoint: 600, numberOfColumns: 0, gap: 4 },
        { breakPoint: Number.NaN, numberOfColumns: 2, gap: 4 },
      ]),
    ).toEqual({ columns: 3, gap: 16 });
  });

  it("reads breakpoints in any order", () => {
    const reversed = [...DEFAULT_BREAKPOINTS].reverse();
    expect(layoutFor(900, reversed)).toEqual({ columns: 2, gap: 8 });
  });
});

describe("next and previous wrap around (spec §4)", () => {
  it("moves one slide at a time until the last full view", () => {
    // 5 slides, 3 columns: views start at slides 0, 1, 2.
    expect(lastIndex(5, 3)).toBe(2);
    expect(nextIndex(0, 5, 3)).toBe(1);
    expect(nextIndex(1, 5, 3)).toBe(2);
    expect(previousIndex(2, 5, 3)).toBe(1);
  });

  it("goes from the last view to the first, and from the first to the last", () => {
    expect(nextIndex(2, 5, 3)).toBe(0);
    expect(previousIndex(0, 5, 3)).toBe(2);
    expect(nextIndex(19, 20, 1)).toBe(0);
    expect(previousIndex(0, 20, 1)).toBe(19);
  });

  it("stays put when every slide is in view", () => {
    expect(lastIndex(3, 3)).toBe(0);
    expect(nextIndex(0, 3, 3)).toBe(0);
    expect(previousIndex(0, 2, 3)).toBe(0);
  });

  it("comes back into range after the view widened", () => {
    // At 1 column slide 4 led; at 3 columns the last view starts at 2.
    expect(previousIndex(4, 5, 3)).toBe(2);
    expect(nextIndex(4, 5, 3)).toBe(0);
  });
});

describe("swipeDirection: a swipe over 50 px moves a slide", () => {
  it("goes next for a leftward swipe and previous for a rightward one", () => {
    expect(swipeDirection(-51)).toBe(1);
    expect(swipeDirection(51)).toBe(-1);
    expect(swipeDirection(-200, 10)).toBe(1);
  });

  it("ignores 50 px or less, and mostly vertical gestures (page scrolling)", () => {
    expect(swipeDirection(50)).toBe(0);
    expect(swipeDirection(-50)).toBe(0);
    expect(swipeDirection(0)).toBe(0);
    expect(swipeDirection(-80, 120)).toBe(0);
  });
});

describe("isDrag: a pointer that moved is not a click", () => {
  it("lets a click through up to 10 px of jitter", () => {
    expect(isDrag(0)).toBe(false);
    expect(isDrag(-10)).toBe(false);
    expect(isDrag(11)).toBe(true);
    expect(isDrag(-30)).toBe(true);
  });
});

describe("indexAtScroll", () => {
  it("finds the leading slide of a scroll position, within range", () => {
    expect(indexAtScroll(0, 300, 10, 3)).toBe(0);
    expect(indexAtScroll(310, 300, 10, 3)).toBe(1);
    expect(indexAtScroll(5000, 300, 10, 3)).toBe(7);
    expect(indexAtScroll(100, 0, 10, 3)).toBe(0);
  });
});

describe("the stylesheet's breakpoints: the no-JavaScript layout", () => {
  it("sets --cols and --gap per media query as DEFAULT_BREAKPOINTS says, the smallest as the base", () => {
    const css = readFileSync(new URL("../../app/styles/app.css", import.meta.url), "utf8");
    const rule = /(?:@media \(min-width: (\d+)px\) \{\s*)?\[data-carousel\] \{\s*--cols: (\d+);\s*--gap: (\d+)px;\s*\}/g;
    const found = [...css.matchAll(rule)].map(([, from, cols, gap]) => [Number(from ?? 0), Number(cols), Number(gap)]);
    // Below the smallest breakpoint its layout applies; a breakpoint that changes nothing needs no rule.
    const expected = layoutFor(0);
    const steps = DEFAULT_BREAKPOINTS.filter((b, i, all) => {
      const before = i === 0 ? expected : { columns: all[i - 1]!.numberOfColumns, gap: all[i - 1]!.gap };
      return b.numberOfColumns !== before.columns || b.gap !== before.gap;
    });
    expect(found).toEqual([[0, expected.columns, expected.gap], ...steps.map((b) => [b.breakPoint, b.numberOfColumns, b.gap])]);
  });
});
