import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: the app with hot reload on :5173, the API from the server on :3000.
const api = process.env.VECTRACE_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': api, '/objects': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden' },
});
