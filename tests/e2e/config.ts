/** Settings shared by the browser tests, playwright.config.ts and scripts/test.sh (which reads them too). */
export const E2E_PORT = 4173;
export const E2E_SITE_URL = "https://www.crossroadsit.example";
export const E2E_GTM_ID = "GTM-TEST0001";
