import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// @ts-expect-error plain ESM map shared by every frontend (docs/conventions.md §9); it has no type declarations.
import { federationShared, remoteBase } from '../federation.shared.mjs';

// The dashboard remote (docs/architecture.md): served by the gateway under /remotes/dashboard/, loaded by the shell
// through remoteEntry.js, and runnable on its own through index.html.
export default defineConfig({
  base: remoteBase('dashboard'),
  plugins: [
    react(),
    federation({
      name: 'dashboard',
      filename: 'remoteEntry.js',
      exposes: {
        './DashboardPage': './src/DashboardPage.tsx',
        './HouseholdPage': './src/household/HouseholdPage.tsx',
        './PlannerPage': './src/planner/PlannerPage.tsx',
        './AcceptInvitationPage': './src/household/AcceptInvitationPage.tsx',
        './ConfirmEmailPage': './src/email/ConfirmEmailPage.tsx',
      },
      shared: federationShared,
      // Type generation is off for remotes: the shell imports them through RemoteRef, not their types.
      dts: false,
    }),
  ],
  build: { target: 'esnext' },
  server: { port: 5174, strictPort: false },
});
