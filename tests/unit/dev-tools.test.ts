import { describe, expect, it } from "vitest";
import {
  CORE_VERSION,
  isNewerVersion,
  LATEST_TAG_TTL_MS,
  readStored,
  RELEASES_TTL_MS,
  versionParts,
  writeStored,
} from "~/modules/dev-tools/dev-tools";
import { latestReleaseSchema, setDomainSchema } from "~/modules/dev-tools/dev-tools.schema";

/** Decision 0062, spec §4 and §9: the core version, the version comparison and the browser's caches. */
describe("dev tooling helpers", () => {
  it("reports core 1.12.190 and keeps the tag 1 h, the releases 0.08 h", () => {
    expect(CORE_VERSION).toBe("1.12.190");
    expect(LATEST_TAG_TTL_MS).toBe(3_600_000);
    expect(RELEASES_TTL_MS).toBe(288_000);
  });

  it("compares tags with the core version by number", () => {
    expect(versionParts("v1.12.191")).toEqual([1, 12, 191]);
    expect(versionParts("release-x")).toBeNull();
    expect(isNewerVersion("v1.12.191", "1.12.190")).toBe(true);
    expect(isNewerVersion("1.13", "1.12.190")).toBe(true);
    expect(isNewerVersion("v1.12.190", "1.12.190")).toBe(false);
    expect(isNewerVersion("v1.9.999", "1.12.190")).toBe(false);
    expect(isNewerVersion("nightly", "1.12.190")).toBe(false);
    expect(isNewerVersion("v2.0.0-rc.1", "1.12.190")).toBe(true);
  });

  it("keeps a value in storage for its time only, and survives broken or missing storage", () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    writeStored(storage, "tag", "v1.12.191", 1_000);
    expect(readStored(storage, "tag", LATEST_TAG_TTL_MS, 1_000 + LATEST_TAG_TTL_MS - 1)).toBe("v1.12.191");
    expect(readStored(storage, "tag", LATEST_TAG_TTL_MS, 1_000 + LATEST_TAG_TTL_MS)).toBeUndefined();
    expect(readStored(storage, "tag", RELEASES_TTL_MS, 1_000 + RELEASES_TTL_MS + 1)).toBeUndefined();
    map.set("broken", "{not json");
    expect(readStored(storage, "broken", LATEST_TAG_TTL_MS)).toBeUndefined();
    expect(readStored(null, "tag", LATEST_TAG_TTL_MS)).toBeUndefined();
    const full = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => writeStored(full, "tag", "x")).not.toThrow();
  });

  it("bounds the posted project, branch and domain", () => {
    expect(latestReleaseSchema.safeParse({ gitlabProjectId: "4242", gitlabBranch: "main" }).success).toBe(true);
    expect(latestReleaseSchema.safeParse({ gitlabProjectId: "group/sub/project" }).success).toBe(true);
    for (const bad of ["../x", "a/../b", "x", "1".repeat(13), "a b", "/abs"])
      expect(latestReleaseSchema.safeParse({ gitlabProjectId: bad }).success, bad).toBe(false);
    for (const bad of ["a..b", "with space", "x".repeat(201)])
      expect(latestReleaseSchema.safeParse({ gitlabBranch: bad }).success, bad).toBe(false);
    expect(setDomainSchema.parse({ domain: " Intro.Alu-Krov.HR " }).domain).toBe("intro.alu-krov.hr");
    for (const bad of ["", "-a.hr", "a_b.hr", "http://a.hr", "a".repeat(64) + ".hr"])
      expect(setDomainSchema.safeParse({ domain: bad }).success, bad).toBe(false);
  });
});
