import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The package test runs longest by far (npm installs, a dozen compilations, child processes): started first, it ends
 * beside the others instead of after them. Vitest's own order (longest first, from the last run) cannot be trusted for
 * it: the duration it records counts the time a file waited for a worker, so a file that started late looks long next
 * time, and the package test was seen starting 27 s into a run.
 */
class PackageTestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.moduleId.endsWith("/test/package/pack.test.ts") ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

/**
 * The slow tier: what installs the packed tarball into projects of their own (the pack test, the examples), compiles
 * every block of the docs, type-checks this whole project, or loads the facility by design (load and soak). `npm test` (the default run, about a minute on two
 * cores) leaves it out; `npm run test:slow` runs it alone and `npm run test:all` runs both, as CI does
 * (SFAPI_TESTS=slow or all).
 */
const SLOW = [
  "test/package/**",
  "test/examples/**",
  "test/docs/**",
  "test/layout/project-types.test.ts",
  // Load and soak: many requests by design.
  "test/runtime/bench-counts.test.ts",
  "test/generator/facility/soak.test.ts",
];
const tier = process.env.SFAPI_TESTS ?? "default";
if (!["default", "slow", "all"].includes(tier)) throw new Error(`SFAPI_TESTS must be default, slow or all: ${tier}`);

export default defineConfig({
  test: {
    include:
      tier === "slow" ? SLOW.map((glob) => (glob.endsWith(".ts") ? glob : `${glob}/*.test.ts`)) : ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/fast-check-seed.ts"],
    exclude: ["node_modules/**", "test/bench/**", "test/.tmp/**", ...(tier === "default" ? SLOW : [])],
    // One worker per core (vitest would use cores - 1). A third worker overlapped more waiting (child processes,
    // sockets) but cost more than it saved on two cores: each worker compiles the same code and loads TypeScript anew,
    // and three threads contend for two cores (measured: 40.5 s and 77 s of CPU with three, 38-39 s and 69 s with two).
    maxWorkers: 2,
    // Worker threads load the test dependencies (TypeScript, redocly, ts-morph) at less cost than processes.
    pool: "threads",
    isolate: false,
    sequence: { sequencer: PackageTestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
