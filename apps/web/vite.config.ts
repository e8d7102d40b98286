import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';
const proxied = [
  '/api',
  '/FileUpload',
  '/files/',
  '/sandbox/',
  '/healthz',
  '/socket',
  '/dev',
  '/Static',
  '/sdk-docs',
  '/downloads',
  '/documentation.html',
  '/documentation.css',
  '/runtime-config.json',
  '/favicon.ico',
  '/favicon.svg',
];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, ws: prefix === '/socket' }])),
  },
});
