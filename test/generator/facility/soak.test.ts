/**
 * A red client submitting far past the facility's bounds (tasks, jobs, transfers, files): memory stays flat, what the
 * facility holds stays within the bounds, and it still answers. A few seconds here; `npm run bench --only soak` runs
 * the same mix longer against the default bounds.
 */
import { expect, it } from "vitest";
import { runSoak } from "../../bench/soak.js";

it("stays bounded and answering under a client that submits far past every bound", async () => {
  // Few requests with large bodies: what a leak would keep grows with the bytes moved, the test's time with the
  // requests.
  const limits = { tasks: 10, jobs: 10, transfers: 10, files: 10, fileBytes: 1 << 20 };
  const rounds = 80;
  const payloadBytes = 256 * 1024;
  const r = await runSoak({ rounds, payloadBytes, concurrency: 4, limits });
  expect(r.failures).toBe(0);
  expect(r.requests).toBeGreaterThan(4 * rounds);
  expect(r.held.tasks).toBeLessThanOrEqual(limits.tasks);
  expect(r.held.jobs).toBeLessThanOrEqual(limits.jobs);
  expect(r.held.transfers).toBeLessThanOrEqual(limits.transfers);
  expect(r.held.files).toBeLessThanOrEqual(limits.files);
  expect(r.held.fileBytes).toBeLessThanOrEqual(limits.fileBytes);
  expect(r.tasksListed).toBeLessThanOrEqual(limits.tasks);
  expect(r.answers).toBe(true);
  // 900 rounds after the bounds were reached moved ~90 MB through the facility; what it keeps must not grow with it.
  expect(
    r.heapAtEndMb - r.heapAtBoundsMb,
    `heap ${r.heapAtBoundsMb.toFixed(1)} -> ${r.heapAtEndMb.toFixed(1)} MB`,
  ).toBeLessThan(8);
  console.log(
    `soak: ${r.requests} requests in ${r.seconds.toFixed(1)} s; heap ${r.heapAtBoundsMb.toFixed(1)} -> ${r.heapAtEndMb.toFixed(1)} MB; held ${JSON.stringify(r.held)}`,
  );
}, 60_000);
