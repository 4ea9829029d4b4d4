import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

import { expect, test } from "./fixtures";
import { nuErrors } from "./helpers";

const run = promisify(execFile);

function prerenderedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === "index.html")
    .map((e) => path.join(e.parentPath, e.name));
}

test("every prerendered page passes the W3C Nu HTML checker with 0 errors", async () => {
  test.setTimeout(120_000);
  const files = prerenderedFiles(path.resolve("build/client"));
  expect(files.length).toBeGreaterThanOrEqual(30);
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  let report = "";
  try {
    await run("java", ["-jar", jar, "--errors-only", "--format", "text", ...files], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    report = e.stderr || e.stdout || e.message;
  }
  expect(report.replaceAll(path.resolve("build/client"), "")).toBe("");
});

test("server-rendered pages (not found) pass the Nu checker too", async ({ request }) => {
  const html = await (await request.get("/no-such-page")).text();
  expect(await nuErrors(html)).toEqual([]);
});
