import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

import { layerRules } from "./lint/layers.js";
import localRules from "./lint/no-cycle.js";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "bench-results/", "screenshots/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    // The owned form controls (app/components/ui/input.tsx) render these native elements.
    settings: { "jsx-a11y": { components: { Input: "input", Select: "select", Textarea: "textarea" } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  // The layers (docs/decisions/028-layers-enforced-by-lint.md): base, domains, components, routes;
  // each imports only from the layers below it. With them, the server-only rule: browser code
  // (components, lib, analytics, first-paint) never imports a *.server module.
  ...layerRules,
  {
    // No import cycles between the project's modules (ADR 028; lint/no-cycle.js).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { local: localRules },
    rules: { "local/no-cycle": "error" },
  },
  {
    // Request bodies are read only through the size-limited reader (app/lib/request-body.server.ts).
    // A browser-side clientAction may still read its own request.clone().
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/request-body.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob)$/]",
          message:
            "Read forms with parseForm (app/lib/form.server.ts), other bodies with readBodyLimited (app/lib/request-body.server.ts): they enforce a size limit while streaming.",
        },
        // One way to a button (app/components/ui/button.tsx): Button for <button>, ButtonLink for an in-app link.
        {
          selector: "JSXOpeningElement[name.name='button'] CallExpression[callee.name='buttonClass']",
          message: "Use Button (app/components/ui/button.tsx) for a <button> styled as a button.",
        },
        {
          selector: "JSXOpeningElement[name.name=/^(Link|NavLink)$/] CallExpression[callee.name='buttonClass']",
          message: "Use ButtonLink (app/components/ui/button-link.tsx) for an in-app link styled as a button.",
        },
      ],
    },
  },
  {
    // Server-side messages go through the one logger (app/lib/log.server.ts, ADR 014), so each line
    // carries its request id and LOG_FORMAT=json stays pure JSON.
    files: ["app/**/*.server.ts", "server/**/*.ts"],
    ignores: ["app/lib/log.server.ts", "app/env.server.ts", "server/index.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Browser tests take `test` from the shared fixture, which fails a test on any CSP violation.
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from ./fixtures: it fails the test on any Content-Security-Policy violation.",
            },
          ],
        },
      ],
    },
  },
);
