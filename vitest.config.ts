import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin breaks Vitest ("can't detect preamble").
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
  },
});
