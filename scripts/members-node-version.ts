/**
 * The first and only static import of every operator and deploy command (scripts/members-*.ts,
 * scripts/deploy-*-command.ts), so an older Node says what it needs before anything else loads.
 * The commands load their other modules with `await import(…)` after it: an ES module's static
 * imports are all loaded and linked before any of them runs, so a built-in module missing from an
 * older Node would otherwise fail first. Node before 22.18 cannot load a `.ts` file at all (it
 * stops at the file extension before any of this runs); the minimum is package.json's "engines".
 * `npm run …` always runs the project's own Node 24 (the `node` devDependency).
 */
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `This command needs Node 22.22 or later (it runs TypeScript by type stripping); this is Node ${process.versions.node}. Run it through npm run, which uses the project's own Node.`,
  );
  process.exit(1);
}

export {};
