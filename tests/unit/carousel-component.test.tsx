// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Carousel } from "~/components/carousel";
import { I18nProvider } from "~/lib/i18n";
import { translatorFor } from "~/lib/messages.server";

/**
 * The carousel's timing and controls in jsdom (spec §4 Other, §9): autoplay every 3000 ms,
 * never in edit mode nor for reduced motion, paused on hover and focus. jsdom has no layout,
 * so scrolling is stubbed and the slide shown is read from data-index.
 */
let reducedMotion = false;
beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  window.matchMedia = ((query: string) => ({
    matches: query.includes("reduce") && reducedMotion,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  Element.prototype.scrollTo = vi.fn();
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 }); // 3 columns
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const slides = Array.from({ length: 5 }, (_, i) => <a href={`/product/p${i}`}>Proizvod {i}</a>);
const wrap = (ui: ReactNode) => render(<I18nProvider translator={translatorFor("hr")}>{ui}</I18nProvider>);
const shown = () => screen.getByTestId("carousel").getAttribute("data-index");
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe("Carousel", () => {
  it("renders every slide, named 'n od count', and buttons once hydrated", () => {
    wrap(<Carousel slides={slides} label="Top proizvodi" />);
    expect(screen.getByRole("region", { name: "Top proizvodi" })).toBeInTheDocument();
    expect(screen.getAllByRole("group").map((g) => g.getAttribute("aria-label"))).toEqual([
      "1 od 5",
      "2 od 5",
      "3 od 5",
      "4 od 5",
      "5 od 5",
    ]);
    expect(screen.getByRole("button", { name: "Sljedeći" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Prethodni" })).toBeInTheDocument();
  });

  it("wraps with the buttons: previous from the first view shows the last", () => {
    wrap(<Carousel slides={slides} label="Slider" autoplay={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Prethodni" }));
    expect(shown()).toBe("2"); // 5 slides, 3 columns: the last view starts at slide 2
    fireEvent.click(screen.getByRole("button", { name: "Sljedeći" }));
    expect(shown()).toBe("0");
  });

  it("autoplays every 3000 ms and wraps to the first slide", () => {
    wrap(<Carousel slides={slides} label="Slider" />);
    tick(2999);
    expect(shown()).toBe("0");
    tick(1);
    expect(shown()).toBe("1");
    tick(6000);
    expect(shown()).toBe("0");
  });

  it("never autoplays in edit mode, when switched off, or for reduced motion", () => {
    const { unmount } = wrap(<Carousel slides={slides} label="Slider" editMode />);
    tick(10_000);
    expect(shown()).toBe("0");
    expect(screen.getByTestId("carousel")).toHaveAttribute("data-autoplay", "off");
    unmount();
    const off = wrap(<Carousel slides={slides} label="Slider" autoplay={false} />);
    tick(10_000);
    expect(shown()).toBe("0");
    off.unmount();
    reducedMotion = true;
    wrap(<Carousel slides={slides} label="Slider" />);
    tick(10_000);
    expect(shown()).toBe("0");
  });

  it("pauses while hovered or focused", () => {
    wrap(<Carousel slides={slides} label="Slider" />);
    const region = screen.getByTestId("carousel");
    fireEvent.pointerEnter(region, { pointerType: "mouse" });
    tick(10_000);
    expect(shown()).toBe("0");
    fireEvent.pointerLeave(region);
    fireEvent.focus(screen.getByText("Proizvod 0"));
    tick(10_000);
    expect(shown()).toBe("0");
    fireEvent.blur(screen.getByText("Proizvod 0"));
    tick(3000);
    expect(shown()).toBe("1");
  });

  it("has no buttons and no autoplay when every slide is in view", () => {
    wrap(<Carousel slides={slides.slice(0, 3)} label="Slider" />);
    expect(screen.queryByRole("button")).toBeNull();
    tick(10_000);
    expect(shown()).toBe("0");
  });

  it("uses the breakpoints it is given", () => {
    wrap(<Carousel slides={slides} label="Slider" autoplay={false} breakPoints={[{ breakPoint: 0, numberOfColumns: 1, gap: 0 }]} />);
    fireEvent.click(screen.getByRole("button", { name: "Prethodni" }));
    expect(shown()).toBe("4");
  });
});
