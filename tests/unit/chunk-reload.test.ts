// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installChunkReload } from "~/lib/chunk-reload.client";

describe("failed chunk load (spec §8)", () => {
  beforeEach(() => sessionStorage.clear());

  it("reloads once, and not again within 60 s", () => {
    const reload = vi.fn();
    Object.defineProperty(window, "location", { value: { ...window.location, reload }, writable: true });
    installChunkReload();
    const fail = () => window.dispatchEvent(Object.assign(new Event("vite:preloadError", { cancelable: true })));
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.setItem("shop:chunk-reload-at", String(Date.now() - 61_000));
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
