/** Settings shared by the browser tests and playwright.config.ts (the test server's environment). */
/** E2E_PORT in the environment moves the test server (to run two checkouts' tests side by side). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_SITE_URL = "https://www.crossroadsit.example";
export const E2E_GTM_ID = "GTM-TEST0001";
export const E2E_DATA_DIR = ".e2e-data";
/** The seeded administrators' and editors' TOTP secrets (e-mail → base32), written by seed.ts into the data folder. */
export const TOTP_SECRETS_FILE = `${E2E_DATA_DIR}/totp-secrets.json`;
export const E2E_AUTH_SECRET = "browser-tests-only-secret-0123456789abcdef";
export const E2E_USERS = {
  admin: { email: "admin@crossroadsit.example", password: "Blue-Harbor-Lantern-42", admin: true, editor: false },
  staff: { email: "tech@crossroadsit.example", password: "Green-Valley-Kettle-17", admin: false, editor: false },
  /** An administrator who is not the super-administrator. */
  ops: { email: "ops@crossroadsit.example", password: "Quiet-River-Stone-58", admin: true, editor: false },
  /** An editor (docs/requirements/accounts.md#roles): the blog and the content studio, nothing else of the admin area. */
  editor: { email: "editor@crossroadsit.example", password: "Paper-Meadow-Quill-64", admin: false, editor: true },
} as const;
