// Preloaded into the bench's shop server (node --import): SIGUSR2 starts the V8 CPU profiler,
// the next SIGUSR2 stops it and writes the profile to BENCH_CPU_PROFILE. Nothing else changes,
// and the shop's own code knows nothing of it. scripts/bench/cpu-profile.mjs drives it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

const out = process.env.BENCH_CPU_PROFILE;
if (out) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on("SIGUSR2", async () => {
    try {
      if (!running) {
        running = true;
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 250 }); // µs
        await session.post("Profiler.start");
      } else {
        const { profile } = await session.post("Profiler.stop");
        running = false;
        writeFileSync(out, JSON.stringify(profile));
      }
    } catch (error) {
      console.error("bench CPU profile:", error);
    }
  });
}
