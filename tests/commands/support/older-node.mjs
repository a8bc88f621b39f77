import { registerHooks } from "node:module";

/**
 * Preloaded with `node --import` by tests/commands/deploy/remote-commands.test.ts: the process
 * reports an older Node (22.19.0) and has no `node:util` or `wrangler`, as an older or broken
 * install might not, so a command that loaded them before its version check would fail on them.
 */
Object.defineProperty(process.versions, "node", { value: "22.19.0" });
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "node:util" || specifier === "wrangler") {
      throw Object.assign(new Error(`No such built-in module: ${specifier}`), { code: "ERR_UNKNOWN_BUILTIN_MODULE" });
    }
    return nextResolve(specifier, context);
  },
});
