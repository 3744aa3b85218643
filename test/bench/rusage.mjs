// Preloaded (through NODE_OPTIONS, so node processes the tool itself spawns load it too) into every process a
// benchmark times: on exit, write this process's own resource usage (peak RSS, CPU time) into the folder named by
// BENCH_RUSAGE_DIR, one file per process. The parent adds the CPU times up and takes the largest RSS.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.BENCH_RUSAGE_DIR;
if (dir) {
  process.on("exit", () => {
    const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
    writeFileSync(
      join(dir, `${process.pid}.json`),
      JSON.stringify({ maxRssKb: maxRSS, cpuUs: userCPUTime + systemCPUTime }),
    );
  });
}
