import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", "drizzle/**", "test-results/**", "playwright-report/**", "data/**", "bench/bare/build/**"] },
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
  {
    // Errors are told apart by their stable code (DomainError.code), never by their
    // message or locale key: a reworded message must not change behaviour (issue 12 item 6).
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.name=/(^e|[eE]rror)$/][property.name=/^(key|message)$/]",
          message: "Compare DomainError.code, not its message or key.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(startsWith|includes|endsWith)$/] > MemberExpression.callee > MemberExpression.object[object.name=/(^e|[eE]rror)$/][property.name=/^(key|message)$/]",
          message: "Compare DomainError.code, not its message or key.",
        },
      ],
    },
  },
);
