import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    exclude: ["node_modules/**", "test/bench/**", "test/.tmp/**"],
    // Two cores: vitest would use one worker (cores - 1); several test files mostly wait on child processes and sockets.
    maxWorkers: 3,
    // Worker threads load the test dependencies (TypeScript, redocly, ts-morph) at less cost than processes.
    pool: "threads",
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
