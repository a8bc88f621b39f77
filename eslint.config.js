import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", "node_modules/", "worker-configuration.d.ts", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  { files: ["tests/e2e/support/fakes/*.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // Browser code takes zod from app/lib/zod.ts, which turns off its eval probe (CSP).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/zod.ts", "app/**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import z from \"~/lib/zod\" (jitless: no eval under the CSP)." }] }] },
  },
  // Playwright fixtures call `use()`, which is not React's hook.
  { files: ["tests/e2e/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
