import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { blogMarkdown } from "../../site-blog-markdown.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const indexHtml = "scripts/bench/spa/index.html";

/**
 * The client-rendered build of the same pages (the benchmark's comparison, scripts/bench/spa/README.md): a static
 * index.html with an empty root, plus JS, CSS and public/. Run through build.mjs.
 */
export default defineConfig({
  // The repository root, as in the real build: Tailwind scans for class names from the Vite
  // root, so the stylesheet comes out the same; public/ is copied from here too.
  root: repoRoot,
  mode: "production",
  plugins: [tailwindcss(), blogMarkdown(), indexHtmlAtTheTop()],
  // No @vitejs/plugin-react in the project: Vite's built-in transform, like "jsx": "react-jsx".
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "build/bench-spa",
    emptyOutDir: true,
    rolldownOptions: {
      input: indexHtml,
      // The framework strips loaders and actions from the browser's route modules before bundling;
      // here the bundler drops them as unused exports (routes.ts reads only default, meta and the
      // browser-safe loaders).
      // What they import is server-only code whose module-level statements (zod env schemas,
      // Drizzle tables) would keep it in the bundle, so say it has no side effects.
      treeshake: { moduleSideEffects: [{ test: /\/(worker|db)\/|\.server\.ts$/, sideEffects: false }] },
      // React Router marks its modules "use client" for React Server Components; meaningless here.
      onLog(level, log, handler) {
        if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
      },
    },
  },
});

/** Vite names the page after its place under the root; a SPA serves it as /index.html. */
function indexHtmlAtTheTop(): Plugin {
  return {
    name: "bench-spa:index-html-at-the-top",
    enforce: "post",
    generateBundle(_options, bundle) {
      const page = bundle[indexHtml];
      if (page) page.fileName = "index.html";
    },
  };
}
