/**
 * The layers and the import cycles lint refuses (docs/decisions/028-layers-enforced-by-lint.md):
 * ESLint's Node API on planted files, with the project's eslint.config.js. Removing either rule
 * from the config fails this test.
 */
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const planted: string[] = [];

/** The rule ids ESLint reports on `code`, linted as if it were the file `file` (nothing is written). */
async function reportsOn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

/** Writes `files` (path in the repository -> text) for the cycle rule, which reads imported files from disk. */
function plant(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    planted.push(full);
    writeFileSync(full, text);
  }
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
});

describe("layers", () => {
  const layer = expect.stringMatching(/^no-restricted-imports: .*028-layers-enforced-by-lint/);

  it("refuses a route, a domain, a component or app/root.tsx in the base layer, with ~/ or a relative path", async () => {
    for (const specifier of ["~/routes/public/home", "~/auth/session.server", "../leads/csv", "~/components/ui/button", "~/root"]) {
      const reports = await reportsOn("app/lib/planted-layer.ts", `import { x } from "${specifier}";\nexport const y = x;\n`);
      expect(reports, specifier).toContainEqual(layer);
    }
    expect(await reportsOn("app/env.server.ts", `import { x } from "./auth/origins";\nexport const y = x;\n`)).toContainEqual(layer);
  });

  it("refuses a route, a component, app/root.tsx or app/services.server.ts in a domain", async () => {
    for (const specifier of [
      "~/routes/admin/layout",
      "~/components/feedback/toaster",
      "~/root",
      "~/services.server",
      "../routes/site-layout",
    ]) {
      const reports = await reportsOn("app/leads/planted-layer.ts", `import { x } from "${specifier}";\nexport const y = x;\n`);
      expect(reports, specifier).toContainEqual(layer);
    }
  });

  it("refuses a route in a component, and lets each layer import the ones below it", async () => {
    expect(
      await reportsOn("app/components/ui/planted-layer.tsx", `import { x } from "~/routes/site-layout";\nexport const y = x;\n`),
    ).toContainEqual(layer);
    const allowed = [
      ["app/components/ui/planted-layer.tsx", "~/auth/password"],
      ["app/auth/planted-layer.ts", "~/leads/contact-fields"],
      ["app/auth/planted-layer.ts", "~/lib/origins"],
      ["app/lib/planted-layer.ts", "~/config/site"],
      ["app/routes/planted-layer.ts", "~/root"],
    ];
    for (const [file, specifier] of allowed) {
      expect(await reportsOn(file, `import { x } from "${specifier}";\nexport const y = x;\n`), `${file} -> ${specifier}`).toEqual([]);
    }
  });
});

describe("import cycles", () => {
  const id = randomUUID().slice(0, 8);

  it("reports two modules that import each other, and not a cycle closed by a type-only import", async () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => `app/lib/planted-cycle-${id}-${name}.ts`);
    const module = (file: string) => `./${path.basename(file, ".ts")}`;
    plant({
      [a]: `import { b } from "${module(b)}";\nexport const a = () => b;\n`,
      [b]: `import { a } from "${module(a)}";\nexport const b = () => a;\n`,
      [c]: `import type { D } from "${module(d)}";\nexport type C = { d?: D };\n`,
      [d]: `import type { C } from "${module(c)}";\nexport type D = { c?: C };\n`,
    });
    const results = await eslint.lintFiles([a, c].map((file) => path.join(root, file)));
    const reports = results.map((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`));
    expect(reports[0]).toContainEqual(expect.stringMatching(new RegExp(`^local/no-cycle: Import cycle: ${a} -> ${b} -> ${a}`)));
    expect(reports[1]).toEqual([]);
  });
});
