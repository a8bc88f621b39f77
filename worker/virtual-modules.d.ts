// The server build React Router's Vite plugin provides at build time.
declare module "virtual:react-router/server-build" {
  const build: import("react-router").ServerBuild;
  export = build;
}
