/**
 * The layers of app/ (docs/decisions/028-layers-enforced-by-lint.md), as ESLint's own
 * `no-restricted-imports` rules, one per layer: each layer imports only from the layers below it.
 *
 *   base        app/lib, app/config, app/content, app/db, app/env.server.ts, app/mailer.server.ts
 *   domains     app/analytics, app/auth, app/blog, app/docs, app/first-paint, app/insights,
 *               app/leads, app/markdown, app/redirects, app/storage, app/search, app/studio, app/webhooks
 *   components  app/components
 *   top         app/routes, app/root.tsx, app/entry.*.tsx, app/routes.ts, app/services.server.ts
 *
 * A specifier is refused when it names a folder or file of a higher layer, written with `~/` or
 * relative to the importing file's folder. A new domain folder goes in DOMAINS.
 */
export const BASE = ["lib", "config", "content", "db"];
export const BASE_FILES = ["env.server.ts", "mailer.server.ts"];
export const DOMAINS = [
  "analytics",
  "auth",
  "blog",
  "docs",
  "first-paint",
  "insights",
  "leads",
  "markdown",
  "redirects",
  "social-cards",
  "search",
  "storage",
  "studio",
  "webhooks",
];
export const TOP = ["routes", "root", "entry.client", "entry.server", "services.server"];

const ADR = "docs/decisions/028-layers-enforced-by-lint.md";
const escape = (name) => name.replace(/[.]/g, "\\.");

/**
 * The pattern that refuses `names` (folders, or modules without their extension) to files of a
 * folder of app/ (`inApp`: to files of app/ itself, whose relative specifiers start with `./`).
 */
function refuse(names, message, inApp = false) {
  const relative = inApp ? "\\./" : "(?:\\.\\./)+";
  return { regex: `^(?:~/|${relative})(?:${names.map(escape).join("|")})(?:/|\\.tsx?$|$)`, message };
}

const serverOnly = {
  group: ["**/*.server", "**/*.server.ts"],
  message: "Server-only module: browser code never imports a *.server module.",
};

const notInBase = (inApp = false) =>
  refuse(
    [...DOMAINS, "components", ...TOP],
    `The base layer (lib, config, content, db) imports no domain, component or route (${ADR}).`,
    inApp,
  );
const notInDomain = refuse(["components", ...TOP], `A domain imports no component, route, root or services.server (${ADR}).`);
const notInComponents = refuse(TOP, `A component imports no route, root or services.server (${ADR}).`);

/** Browser-capable folders: the server-only pattern applies to their files other than *.server.ts. */
const BROWSER = ["lib", "analytics", "first-paint"];

const rule = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const folders = (names) => names.map((name) => `app/${name}/**/*.{ts,tsx}`);

export const layerRules = [
  { files: folders(BASE.filter((n) => !BROWSER.includes(n))), rules: rule([notInBase()]) },
  { files: folders(["lib"]), ignores: ["**/*.server.ts"], rules: rule([notInBase(), serverOnly]) },
  { files: ["app/lib/**/*.server.ts"], rules: rule([notInBase()]) },
  { files: BASE_FILES.map((file) => `app/${file}`), rules: rule([notInBase(true)]) },
  { files: folders(DOMAINS.filter((n) => !BROWSER.includes(n))), rules: rule([notInDomain]) },
  { files: folders(DOMAINS.filter((n) => BROWSER.includes(n))), ignores: ["**/*.server.ts"], rules: rule([notInDomain, serverOnly]) },
  { files: DOMAINS.filter((n) => BROWSER.includes(n)).map((name) => `app/${name}/**/*.server.ts`), rules: rule([notInDomain]) },
  { files: ["app/components/**/*.{ts,tsx}"], ignores: ["**/*.server.ts"], rules: rule([notInComponents, serverOnly]) },
  { files: ["app/components/**/*.server.ts"], rules: rule([notInComponents]) },
];
