// The floor of `npm run bench`: a bare Remix app on the shop's Remix, React and Vite, with
// the same v3 future flags as the shop's vite.config.ts. No database, no i18n, no CSS.
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  plugins: [
    remix({
      appDirectory: path.join(here, "app"),
      buildDirectory: path.join(here, "build"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
