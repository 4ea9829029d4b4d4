import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Code every public page needs (layout, sections, small UI pieces, config, catalog, the first
 * paint's gate and the analytics events) goes
 * into one chunk: one request and one gzip stream instead of twenty tiny ones. Page templates,
 * what loads on demand (the Web Vitals reporter; the phone menu's and the footer's content, which
 * the server sends and hydration keeps: ADR 020) and what no public page's first load runs (date
 * formatting, the text input, the contents list of the long documents) stay separate.
 */
const SHARED_APP_CODE =
  /[\\/]app[\\/](components[\\/](layout(?![\\/](side-menu|footer-content|preview-notice-content))|sections(?![\\/]page-contents)|ui(?![\\/]input))|config|lib(?![\\/]format-date)|first-paint|analytics(?![\\/]web-vitals))[\\/]|[\\/]app[\\/]content[\\/](catalog|types|routes-index)\.ts$|[\\/]app[\\/]components[\\/]feedback[\\/]access-check\.tsx$|[\\/]node_modules[\\/]clsx[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // The server's bundle minified too: the inline scripts of every page are made from its
    // functions' source (app/first-paint/first-paint.server.ts), sent in the first round trip.
    ...(isSsrBuild ? { minify: true } : {}),
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: [{ name: "app", test: SHARED_APP_CODE }] } } },
  },
}));
