import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Code every public page needs (layout, sections, small UI pieces, config, catalog) goes
 * into one chunk: one request and one gzip stream instead of twenty tiny ones. Page templates and
 * what loads on demand (the Web Vitals reporter, the phone side menu) stay separate.
 */
const SHARED_APP_CODE =
  /[\\/]app[\\/](components[\\/](layout(?![\\/]side-menu)|sections|ui)|config|lib(?![\\/]web-vitals))[\\/]|[\\/]app[\\/]content[\\/](catalog|types|routes-index)\.ts$|[\\/]node_modules[\\/]clsx[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: { groups: [{ name: "app", test: SHARED_APP_CODE }] } } },
  },
}));
