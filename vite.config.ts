import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { blogMarkdown } from "./scripts/site-blog-markdown.ts";

// Plugin order from the design card: the Cloudflare plugin owns the SSR environment.
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), blogMarkdown()],
});
