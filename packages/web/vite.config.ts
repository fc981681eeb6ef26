import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built app is served by the API server on every non-/dcap path (one deployable); during
 * development Vite serves it and forwards the API to a locally running server.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd and React together exceed Vite's default warning size; feature pages are split lazily.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/dcap': { target: 'http://localhost:8080' },
    },
  },
});
