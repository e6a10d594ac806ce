/** The app as React Router's Vite plugin builds it (dev: from the dev server; production: bundled beside this). */
declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';
  const build: ServerBuild;
  export = build;
}
