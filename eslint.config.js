import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "bench-results/", "screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // Server-only code must never be imported by browser code; keep it in *.server.ts files.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/*.server", "**/*.server.ts"], message: "Server-only module." }] }],
    },
  },
  {
    // Browser tests take `test` from the shared fixture, which fails a test on any CSP violation.
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from ./fixtures: it fails the test on any Content-Security-Policy violation." }] }],
    },
  },
);
