import { z } from "zod";

/**
 * zod for code that runs in the browser (the forms' shared schemas). zod decides, as each object
 * schema is built, whether to compile a fast validator with `new Function`, and probes for it
 * with eval; the CSP forbids eval, so in the browser that probe is a CSP violation (Lighthouse
 * Best Practices, docs/performance.md). Jitless, it never probes, and at the size of our forms it validates
 * just as fast. Modules under app/ import z from here, never from "zod" (eslint.config.js), so
 * the setting is made before any of their schemas is built. On the Worker zod never compiles
 * validators anyway (it recognises the Cloudflare runtime).
 */
z.config({ jitless: true });

export { z };
