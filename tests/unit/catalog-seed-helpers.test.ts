import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mediaFile, mediaRoot } from "~/.server/media/media-root.server";
import { driveIdFor } from "~/.server/db/seed/catalog/media.server";
import { wrapName } from "~/.server/db/seed/catalog/svg";
import { SLUG_PATTERN, slugify } from "~/lib/slug";

describe("mediaRoot", () => {
  it("prefers MEDIA_DIR, then DATA_DIR/media, and a temp directory for an in-memory database", () => {
    expect(mediaRoot({ MEDIA_DIR: "/srv/media", DATA_DIR: "/srv/data" })).toBe("/srv/media");
    expect(mediaRoot({ DATA_DIR: "/srv/data" })).toBe("/srv/data/media");
    expect(mediaRoot({})).toBe(path.resolve("data/media"));
    const memory = mediaRoot({ DATA_DIR: "memory://" });
    expect(memory.startsWith(os.tmpdir())).toBe(true);
    expect(memory).toContain(String(process.pid));
  });

  it("refuses media paths that leave the root", () => {
    expect(mediaFile("originals/a.svg", "/srv/media")).toBe("/srv/media/originals/a.svg");
    expect(() => mediaFile("../etc/passwd", "/srv/media")).toThrow(/escapes/);
  });
});

describe("seed helpers", () => {
  it("derives stable version-5 style drive ids", () => {
    const id = driveIdFor("product/AK-PNL-TEG");
    expect(id).toBe(driveIdFor("product/AK-PNL-TEG"));
    expect(id).not.toBe(driveIdFor("product/AK-PNL-SND-40"));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("slugifies Croatian names to lowercase ASCII", () => {
    expect(slugify("Čelični oluk Ø100 mm (3 m)")).toBe("celicni-oluk-o100-mm-3-m");
    expect(slugify("Đurđevac – šindra 4,8 × 70")).toBe("durdevac-sindra-4-8-x-70");
    expect(slugify("Straße")).toMatch(SLUG_PATTERN);
  });

  it("wraps names on two lines without splitting a parenthesis", () => {
    expect(wrapName("Bakreni polukružni oluk 125 mm (3 m)")).toEqual(["Bakreni polukružni oluk 125 mm", "(3 m)"]);
    const long = wrapName("Trapezni lim T-35 s protukondenzacijskim filcom RAL 7016 i još puno drugih riječi");
    expect(long).toHaveLength(2);
    expect(long[1].endsWith("…")).toBe(true);
  });
});
