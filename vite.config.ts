import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app (`vite build`, `vite` in development).
const web: UserConfig = {
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
};

// The server compiled to JavaScript for `npm start` (`vite build --ssr src/server/main.ts`): one ES module
// bundle for Node 20 in dist-server/, the packages left to node_modules. It reads the contract and the
// migrations from the checkout (src/server/paths.ts).
const server: UserConfig = {
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server : web));
