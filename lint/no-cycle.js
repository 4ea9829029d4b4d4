/**
 * `local/no-cycle`: a module may not import, directly or through others, a module that imports it
 * back (docs/decisions/028-layers-enforced-by-lint.md). The project's own modules only: `~/` (app/)
 * and relative specifiers, resolved as TypeScript's bundler resolution does (the path itself, then
 * .ts, .tsx, /index.ts, /index.tsx). Type-only imports and exports (`import type`, `export type`)
 * are left out, since they are erased; so are dynamic `import()`s, which load later, by design.
 *
 * The files it reaches are read from disk and parsed with TypeScript once per change (their
 * modification time), so a whole run reads each file once.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a specifier names, or null for a package, a missing file or an asset (`./x.css?url`). */
export function resolveSpecifier(fromFile, specifier, appDir) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const suffix of CANDIDATES) if (isFile(base + suffix)) return base + suffix;
  return null;
}

/** The specifiers a file loads when it runs: its static imports and re-exports, less the type-only ones. */
export function runtimeSpecifiers(file, text) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
    } else if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || statement.isTypeOnly) continue;
    if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
}

const cache = new Map(); // file -> { mtimeMs, targets }

function targetsOf(file, appDir) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === mtimeMs && known.appDir === appDir) return known.targets;
  const text = fs.readFileSync(file, "utf8");
  const targets = runtimeSpecifiers(file, text)
    .map((specifier) => resolveSpecifier(file, specifier, appDir))
    .filter((target) => target !== null);
  cache.set(file, { mtimeMs, appDir, targets });
  return targets;
}

/** The chain of files from `start` back to `goal` through runtime imports, or null (depth first, each file once). */
function pathBack(start, goal, appDir) {
  const seen = new Set();
  const walk = (file) => {
    if (file === goal) return [file];
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of targetsOf(file, appDir)) {
      const rest = walk(next);
      if (rest) return [file, ...rest];
    }
    return null;
  };
  return walk(start);
}

/** @type {import("eslint").Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Disallow import cycles between the project's modules (ADR 028)." },
    schema: [{ type: "object", properties: { appDir: { type: "string" } }, additionalProperties: false }],
    messages: { cycle: "Import cycle: {{chain}}. Move what both need down a layer (docs/decisions/028-layers-enforced-by-lint.md)." },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const appDir = path.resolve(context.cwd, context.options[0]?.appDir ?? "app");
    const label = (f) => path.relative(context.cwd, f);
    const check = (node) => {
      if (node.importKind === "type" || node.exportKind === "type" || !node.source) return;
      const target = resolveSpecifier(file, String(node.source.value), appDir);
      if (!target) return;
      const chain = pathBack(target, file, appDir);
      if (chain) context.report({ node: node.source, messageId: "cycle", data: { chain: [file, ...chain].map(label).join(" -> ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { meta: { name: "local" }, rules: { "no-cycle": noCycle } };
