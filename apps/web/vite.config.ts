import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';
const proxied = [
  '/api',
  '/FileUpload',
  '/files/',
  '/sandbox/',
  '/healthz',
  '/socket',
  '/dev',
  '/game',
  '/sdk-docs',
  '/downloads',
  '/documentation.html',
  '/documentation.css',
  '/runtime-config.json',
  '/favicon.ico',
  '/favicon.svg',
];

/**
 * React Router declares each component as `X = React.forwardRef(…)` followed by `X.displayName = 'X'`: a call and a
 * write the bundler must assume have effects, so every component stays in the bundle, used or not (Form,
 * ScrollRestoration and what they bring). The calls are marked pure and the names (for React DevTools only) dropped,
 * so what the portal never renders drops out of every page's first visit.
 */
const treeShakeReactRouter: Plugin = {
  name: 'tree-shake-react-router',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]/ },
    handler: (code) =>
      code
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/(?<!@__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|createContext|memo))\(/g, '/* @__PURE__ */ $1('),
  },
};

export default defineConfig({
  plugins: [react(), treeShakeReactRouter],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    target: 'es2022',
    // a browser without modulepreload loads the same modules a moment later: not worth a polyfill in every visit
    modulePreload: { polyfill: false },
    // WEB_SOURCEMAP=1 writes source maps, for a profile of the built pages (bench/README.md)
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
    // what the entry needs in one file: one request, and one gzip window across React, the router and the shell
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // the marketing pages' shared sections in one file, not three of a few hundred bytes each
            {
              name: 'public-sections',
              test: /src[\\/]features[\\/]content[\\/]components[\\/]feature-sections|src[\\/]components[\\/]steps|contracts[\\/]src[\\/]income-rules/,
            },
          ],
        },
        // the entry lists every lazy chunk (and what each preloads) by file name: names of a hash alone keep that
        // list, which every first visit downloads, short
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, ws: prefix === '/socket' }])),
  },
});
