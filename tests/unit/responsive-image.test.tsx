// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MediaRef } from "~/lib/media";
import { ResponsiveImage } from "~/modules/media/responsive-image";

afterEach(cleanup); // vitest runs without globals, so testing-library cannot register it itself

const photo: MediaRef = {
  driveId: "0b6a5c1e-2f0d-4c8a-9f3e-1a2b3c4d5e6f",
  title: "Krovni panel",
  alt: "Krovni panel RAL 7016",
  width: 3000,
  height: 2000,
  version: 1,
};
const base = `/media/1/${photo.driveId}`;

describe("ResponsiveImage", () => {
  it("sets src, a srcset of the inside-fit sizes by real width, and width/height so nothing shifts", () => {
    render(<ResponsiveImage media={photo} sizes="(min-width: 1024px) 33vw, 100vw" />);
    const img = screen.getByRole("img", { name: "Krovni panel RAL 7016" });
    expect(img).toHaveAttribute("src", `${base}/medium/krovni-panel.webp`);
    expect(img).toHaveAttribute("width", "480");
    expect(img).toHaveAttribute("height", "320");
    expect(img).toHaveAttribute(
      "srcset",
      `${base}/medium/krovni-panel.webp 480w, ${base}/large/krovni-panel.webp 926w, ${base}/fullhd/krovni-panel.webp 1620w`,
    );
    expect(img).toHaveAttribute("sizes", "(min-width: 1024px) 33vw, 100vw");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("decoding", "async");
  });

  it("lists a small original once per distinct width and loads eagerly when asked", () => {
    render(<ResponsiveImage media={{ ...photo, width: 800, height: 600, version: 3 }} size="large" eager />);
    const img = screen.getByRole("img");
    expect(img).toHaveAttribute("src", `${base}/large/krovni-panel.webp/3`);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["800", "600"]);
    expect(img).toHaveAttribute("srcset", `${base}/medium/krovni-panel.webp/3 480w, ${base}/large/krovni-panel.webp/3 800w`);
    expect(img).toHaveAttribute("sizes", "(max-width: 800px) 100vw, 800px");
    expect(img).toHaveAttribute("loading", "eager");
  });

  it("shows a cropped size alone (no srcset) in its exact box, and allows an empty alt for decoration", () => {
    const { container } = render(<ResponsiveImage media={photo} size="thumbnail" alt="" />);
    const img = container.querySelector("img")!;
    expect(img).toHaveAttribute("src", `${base}/thumbnail/krovni-panel.webp`);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["50", "50"]);
    expect(img).not.toHaveAttribute("srcset");
    expect(img).not.toHaveAttribute("sizes");
    expect(img).toHaveAttribute("alt", "");
    expect(screen.queryByRole("img")).toBeNull(); // decorative images are hidden from the accessibility tree
  });
});
