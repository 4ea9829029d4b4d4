/**
 * Preloaded into a server process by the bench (`NODE_OPTIONS=--import=<this file>` with
 * BENCH_CPU_PROF_DIR set; node refuses --cpu-prof in NODE_OPTIONS): SIGUSR2 starts V8's CPU
 * profiler, the next SIGUSR2 stops it and writes `<dir>/<n>.cpuprofile` (the format of Chrome's
 * DevTools), so the bench profiles exactly the windows it chooses (scripts/bench/cpu-profile.ts).
 */
import { renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import process from "node:process";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  // 250 µs between samples: a 300 ms render gives about a thousand.
  session.post("Profiler.setSamplingInterval", { interval: 250 });
  let running = false;
  let count = 0;
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("Profiler.start");
      return;
    }
    session.post("Profiler.stop", (error, result) => {
      running = false;
      const file = path.join(dir, `${++count}.cpuprofile`);
      writeFileSync(`${file}.tmp`, JSON.stringify(error ? { error: String(error) } : result.profile));
      renameSync(`${file}.tmp`, file);
    });
  });
}
