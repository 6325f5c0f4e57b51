/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console. `config.json` is fetched at run time (deploy/web-config.json.template writes it in a
// container; public/config.json holds the local defaults), so one build serves every environment.
export default defineConfig({
  plugins: [react()],
  // Workspace packages (schema/) resolve to their TypeScript sources.
  resolve: { conditions: ['source'] },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  build: { sourcemap: true },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
