import { describe, expect, it } from "vitest";
import { MEDIA_SIZES, mediaUrl, parseMediaPath, type MediaSize } from "~/lib/media";
import { toMediaRef } from "~/modules/media/media-ref.server";
import { etagMatches } from "~/lib/etag";

const driveId = "0b6a5c1e-2f0d-4c8a-9f3e-1a2b3c4d5e6f";

describe("parseMediaPath", () => {
  it("takes apart every URL mediaUrl() makes", () => {
    for (const size of Object.keys(MEDIA_SIZES) as MediaSize[]) {
      for (const format of ["webp", "jpg", "png"] as const) {
        for (const version of [1, 7]) {
          const url = mediaUrl({ driveId, title: "Čelični oluk Ø100", version }, size, format);
          expect(parseMediaPath(url)).toEqual({ siteKey: "1", driveId, size, slug: "celicni-oluk-o100", format, version });
        }
      }
    }
  });

  it.each([
    "/media/1/not-a-uuid/medium/x.webp",
    `/media/1/${driveId.toUpperCase()}/medium/x.webp`,
    `/media/1/${driveId}/MediumSize/x.webp`,
    `/media/1/${driveId}/toString/x.webp`,
    `/media/1/${driveId}/medium/x.gif`,
    `/media/1/${driveId}/medium/x.WEBP`,
    `/media/1/${driveId}/medium/x`,
    `/media/1/${driveId}/medium/.webp`,
    `/media/1/${driveId}/medium/x.webp/0`,
    `/media/1/${driveId}/medium/x.webp/01`,
    `/media/1/${driveId}/medium/x.webp/`,
    `/media/1/${driveId}/medium/x.webp/2/3`,
    `/media/1/${driveId}/medium`,
    `/media/1/..%2F..%2Fetc/medium/x.webp`,
    `/other/1/${driveId}/medium/x.webp`,
  ])("refuses %s", (path) => {
    expect(parseMediaPath(path)).toBeNull();
  });
});

describe("etagMatches (If-None-Match)", () => {
  it("matches one of a list, weak tags and *, nothing else", () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches("*", '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches("", '"b"')).toBe(false);
  });
});

describe("toMediaRef", () => {
  const row = { driveId, title: "Krovni panel", alt: { hr: "Krovni panel", en: "Roof panel" }, width: 800, height: 600, version: 2 };
  it("uses the locale's alt text, falling back to Croatian, then to the title", () => {
    expect(toMediaRef(row, "en")).toEqual({ driveId, title: "Krovni panel", alt: "Roof panel", width: 800, height: 600, version: 2 });
    expect(toMediaRef(row, "de").alt).toBe("Krovni panel");
    expect(toMediaRef({ ...row, alt: {} }, "de").alt).toBe("Krovni panel");
    expect(toMediaRef({ ...row, alt: { hr: "", de: "Dachpaneel" } }, "hr").alt).toBe("");
  });
});
