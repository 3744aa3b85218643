import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    exclude: ["node_modules/**", "test/bench/**", "test/.tmp/**"],
    // Type tests (`*.test-d.ts`) prove the compile-time color restriction.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
