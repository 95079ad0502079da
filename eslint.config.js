import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import moduleCycles from "./scripts/lib/eslint-module-cycles.mjs";

/**
 * The layers of app/ (README "Architecture", docs/decisions/0017): the first pattern a
 * file matches names its layer. Tests, scripts and the seed's own files are layers too, so
 * that "only the seed runner and tests import the seed" can be said.
 */
const LAYERS = [
  { type: "test", pattern: ["tests/**", "app/**/*.test.{ts,tsx}"] },
  { type: "seed", pattern: "app/.server/db/seed/**" },
  { type: "seed-runner", pattern: "app/.server/db/setup.server.ts" },
  { type: "infrastructure", pattern: "app/.server/**" },
  { type: "lib", pattern: "app/lib/**" },
  { type: "components", pattern: "app/components/**" },
  { type: "module", pattern: "app/modules/*/**", capture: ["domain"] },
  { type: "route", pattern: ["app/routes/**", "app/routes.ts"] },
  { type: "app-shell", pattern: "app/{root,entry.client,entry.server}.tsx" },
  { type: "http-server", pattern: "server.ts" },
  { type: "tooling", pattern: ["scripts/**", "bench/**", "*.config.{ts,js}"] },
].map((layer) => ({ ...layer, mode: "full" }));

const ZOD_4 = 'Import zod 4 as `import { z } from "zod/v4"` (decision 0095: one zod in the shop).';
const CONFORM_ZOD_4 = "Use @conform-to/zod/v4 (decision 0095: forms parse with zod 4, like the API).";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      "drizzle/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      "bench/bare/build/**",
      "packages/*/dist/**",
      "packages/*/src/schema.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: globals.node } },
  {
    // Who may import whom. A new import across a layer the wrong way fails `npm run lint`.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": LAYERS,
      "boundaries/include": ["app/**/*", "app/.server/**/*", "server.ts", "tests/**/*", "scripts/**/*"],
      "boundaries/dependency-nodes": ["import", "dynamic-import", "export"],
      "import/resolver": { "./scripts/eslint-alias-resolver.cjs": {} },
    },
    rules: {
      "boundaries/element-types": [
        "error",
        {
          default: "disallow",
          message: "${file.type} must not import ${dependency.type} (layers: eslint.config.js, docs/decisions/0017)",
          rules: [
            // Infrastructure (db, session, http middleware, env) knows no domain: server.ts
            // hands middleware what it needs. The db client runs the seed runner when it opens.
            { from: "infrastructure", allow: ["infrastructure", "lib", "seed-runner"] },
            // Isomorphic helpers: nothing of modules, routes, components or .server.
            { from: "lib", allow: ["lib"] },
            { from: "components", allow: ["components", "lib"] },
            { from: "module", allow: ["module", "infrastructure", "lib", "components"] },
            // The root loader's data type only (erased at build): `useRouteLoaderData<RootData>("root")`.
            { from: ["module", "components"], allow: ["app-shell"], importKind: "type" },
            // The seed writes the demo content through the domain's own schemas and sanitiser.
            { from: "seed", allow: ["seed", "infrastructure", "lib", "module"] },
            { from: "seed-runner", allow: ["seed", "infrastructure", "lib"] },
            { from: "route", allow: ["route", "module", "infrastructure", "lib", "components"] },
            { from: "app-shell", allow: ["route", "module", "infrastructure", "lib", "components"] },
            { from: "http-server", allow: ["infrastructure", "lib", "module"] },
          ],
        },
      ],
    },
  },
  {
    // Modules form a graph without cycles (decision 0099): the kernel at the bottom imports no
    // domain, and a module imports only modules that don't import it back. Who imports whom:
    // tests/unit/module-boundaries.test.ts prints the graph.
    files: ["app/modules/**/*.{ts,tsx}"],
    plugins: { modules: moduleCycles },
    rules: { "modules/no-module-cycle": "error" },
  },
  {
    // Errors are told apart by their stable code (DomainError.code), never by their
    // message or locale key: a reworded message must not change behaviour (issue 12 item 6).
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.name=/(^e|[eE]rror)$/][property.name=/^(key|message)$/]",
          message: "Compare DomainError.code, not its message or key.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(startsWith|includes|endsWith)$/] > MemberExpression.callee > MemberExpression.object[object.name=/(^e|[eE]rror)$/][property.name=/^(key|message)$/]",
          message: "Compare DomainError.code, not its message or key.",
        },
      ],
    },
  },
  {
    // Every redirect target goes through app/lib/local-path.ts (DESIGN.md "Trust boundaries",
    // issue 13 item 9): remix-utils' safeRedirect lets tabs, CR/LF and encoded slashes through.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: ["app/lib/local-path.ts", "tests/unit/local-path.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "remix-utils/safe-redirect", message: "Use localPath from ~/lib/local-path (the one gate of redirect targets)." },
            // One zod in the shop (decision 0095): forms and the API share their schemas, so both use zod 4.
            ...["zod", "zod/v3", "zod/mini", "zod/v4-mini"].map((name) => ({ name, message: ZOD_4 })),
            ...["@conform-to/zod", "@conform-to/zod/v3", "@conform-to/zod/v3/future"].map((name) => ({ name, message: CONFORM_ZOD_4 })),
          ],
          patterns: [
            { group: ["remix-utils/safe-redirect/*"], message: "Use localPath from ~/lib/local-path." },
            { group: ["zod/v3/*"], message: ZOD_4 },
          ],
        },
      ],
    },
  },
  {
    // Accessibility of the shop's markup (issue 12 item 5).
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
);
