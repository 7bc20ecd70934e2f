import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// @ts-expect-error plain ESM map shared by every frontend (CONVENTIONS §9); it has no type declarations.
import { federationShared, remoteBase } from '../federation.shared.mjs';

// The dashboard remote (DESIGN §6): served by the gateway under /remotes/dashboard/, loaded by the shell
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
        './AcceptInvitationPage': './src/household/AcceptInvitationPage.tsx',
        './ConfirmEmailPage': './src/email/ConfirmEmailPage.tsx',
      },
      shared: federationShared,
      // STACK.md: type generation is off for remotes.
      dts: false,
    }),
  ],
  build: { target: 'esnext' },
  server: { port: 5174, strictPort: false },
});
