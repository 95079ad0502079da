import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // terser shrinks the client a few KiB more than esbuild; first-load JS has a budget (issue 3).
  build: { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  // PGlite must stay a plain node_modules import: bundling it loses pglite.data (DESIGN.md pitfalls).
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "@node-rs/argon2", "ioredis"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
