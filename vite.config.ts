import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const EVERY_PAGE = [
  "/app/lib/i18n.tsx",
  "/app/lib/locales.ts",
  "/app/lib/routes-table.ts",
  "/app/lib/revalidate.ts",
  "/app/lib/toast.ts",
  "/app/lib/validation-message.ts",
  "/app/modules/cart/cart-form.ts",
  "/app/components/wishlist-button.tsx",
  "/app/lib/wishlist-fields.ts",
  "/app/lib/server-first.tsx",
  "vite/preload-helper",
  "/app/lib/meta.ts",
  "/app/lib/alternates.ts",
  "/app/components/form.tsx",
  "/app/modules/search/search-params.ts",
  "/app/components/honeypot-inputs.tsx",
  "/app/components/ui/button-class.ts",
  "/app/lib/cookie-consent.ts",
  // The header's and the lazily loaded footer's links: shared with the footer, the layout's
  // code would otherwise sit in a chunk of its own behind a re-exporting entry file.
  "/app/modules/layout/nav-link.tsx",
  "/remix-utils/build/react/use-hydrated.js",
  "/remix-utils/build/react/authenticity-token.js",
  "/node_modules/react/",
  // i18next and react-i18next (decision 0015): every page needs them before hydrating.
  "/node_modules/i18next/",
  "/node_modules/react-i18next/",
];

// The product card and what it needs, shared by home, shop, product and search pages:
// one file compresses better than five small ones.
const CATALOG_UI = [
  "/app/modules/catalog/product-card.tsx",
  "/app/modules/media/responsive-image.tsx",
  "/app/lib/media.ts",
  "/app/lib/prices.ts",
  "/app/lib/slug.ts",
];

export default defineConfig(({ isSsrBuild }) => ({
  // terser shrinks the client a few KiB more than esbuild; first-load JS has a budget (110 KiB gzipped; decision 0071).
  build: {
    rollupOptions: {
      output: {
        // The small modules every page loads (translator, route table, form helpers) in one
        // chunk instead of ten tiny files: each file compresses on its own.
        manualChunks: (id) =>
          EVERY_PAGE.some((path) => id.includes(path)) ? "base" : CATALOG_UI.some((path) => id.includes(path)) ? "catalog-ui" : undefined,
      },
    },
    // The server build stays readable: stack traces in the logs and CPU profiles name the
    // shop's own functions (terser is for the browser's bytes; the server loses nothing).
    minify: isSsrBuild ? false : "terser",
    // License banners move to /third-party-licenses.txt (scripts/build.mjs) instead of
    // riding along in every chunk (2.4 KiB of first-load JS).
    terserOptions: {
      ecma: 2020,
      module: true,
      // Only compress options that keep every library's meaning. The "unsafe" family
      // (unsafe_arrows, unsafe_methods, pure_getters: true) saved 0.6 KiB and turned the
      // rich-text editor's rope-sequence constructor into an arrow function, so the editor
      // could not load in the built shop (decision 0071): none of them comes back.
      compress: { passes: 3 },
      format: { comments: false },
    },
  },
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
  // pdfkit reads its font metrics and bwip-js its encoders from their own package folders.
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "@node-rs/argon2", "ioredis", "pdfkit", "bwip-js", "bwip-js/node"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
}));
