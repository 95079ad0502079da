import { describe } from "vitest";
import { clearOvertakesComputation } from "./named-cache-contract";

// The in-process backend (no REDIS_URL in the unit tests).
describe("named caches in memory: a clear overtaking a computation", () => {
  clearOvertakesComputation(() => import("~/.server/cache.server"), []);
});
