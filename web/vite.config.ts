import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The web app, built into dist/web and served by the service itself at / (src/web-app.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [preact()],
  // The replay runs the engine itself (src/engine is pure); only its shuffle touches node:crypto.
  resolve: { alias: { 'node:crypto': fileURLToPath(new URL('src/replay/node-crypto.ts', import.meta.url)) } },
  build: { outDir: '../dist/web', emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 200 },
});
