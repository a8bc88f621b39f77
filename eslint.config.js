import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Imports that leave the browser side of the server boundary (docs/decisions/006-feature-layout.md):
// the Worker and the database, by subpath import or by a relative path through those folders.
const serverFolders = {
  regex: "^(#worker/|#db/|(\\.\\./)+(worker|db)/)",
  allowTypeImports: true,
  message: "Browser code may not import the Worker or the database: go through a *.server.ts module of the feature (decision 006).",
};
const serverModules = {
  regex: "\\.server(\\.tsx?)?$",
  message: "Only route modules and other *.server.ts modules may import a .server module (decision 006).",
};
// Browser code takes zod from app/lib/zod.ts, which turns off its eval probe (the CSP forbids eval).
const zodForBrowsers = { name: "zod", message: 'Import z from "#app/lib/zod.ts" (jitless: no eval under the CSP).' };

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  { files: ["tests/e2e/support/fakes/*.js"], languageOptions: { globals: globals.browser } },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules: a promise nobody awaits or handles loses its errors silently.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // Browser code: components, client modules and route modules.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/routes.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodForBrowsers], patterns: [serverFolders] }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/routes.ts", "app/root.tsx", "app/features/*/routes/**", "app/lib/zod.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodForBrowsers], patterns: [serverFolders, serverModules] }] },
  },
  { files: ["app/lib/zod.ts"], rules: { "no-restricted-imports": "off" } },
  // The Worker renders no React: it may import client-safe modules of app/ (schemas, contexts), never a component.
  {
    files: ["worker/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "\\.tsx$", message: "The Worker may not import React components (decision 006)." }] },
      ],
    },
  },
  // Playwright fixtures call `use()`, which is not React's hook.
  { files: ["tests/e2e/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
