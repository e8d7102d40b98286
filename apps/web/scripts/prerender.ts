// Writes the HTML of every public route into dist, for the server to answer those paths with (apps/server's web
// plugin). Built by Vite for Node and run after the client build: `npm run build` in this workspace.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDERED_PAGES_MANIFEST, type PrerenderedPages } from '@portal/contracts';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** The portal's Content-Security-Policy refuses inline scripts and style attributes: the page must need neither. */
const FORBIDDEN_BY_CSP = /<script\b|\sstyle=/i;

// React picks its production build by NODE_ENV when first loaded, so the app (and React with it) loads after this.
process.env.NODE_ENV = 'production';
const { documentTitle, publicRoutes, renderRoute } = await import('../src/entry-server.tsx');

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const fileOf = (routePath: string) =>
  routePath === '/' ? 'index.html' : `${routePath.slice(1).replaceAll('/', '_')}.html`;

const dist = path.resolve('dist');
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(ROOT_ELEMENT) || !TITLE_ELEMENT.test(template)) {
  throw new Error(`dist/index.html has no empty ${ROOT_ELEMENT} or no <title>: run \`vite build\` first`);
}

const manifestPath = path.join(dist, PRERENDERED_PAGES_MANIFEST);
const pagesDir = path.dirname(manifestPath);
rmSync(pagesDir, { recursive: true, force: true });
mkdirSync(pagesDir, { recursive: true });

const pages: PrerenderedPages = {};
for (const route of publicRoutes) {
  const markup = await renderRoute(route.path);
  const forbidden = FORBIDDEN_BY_CSP.exec(markup);
  if (forbidden) throw new Error(`${route.path} renders "${forbidden[0].trim()}", which the portal's CSP refuses`);
  const html = template
    .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`)
    .replace(TITLE_ELEMENT, `<title>${escapeHtml(documentTitle(route.name))}</title>`);
  const file = fileOf(route.path);
  writeFileSync(path.join(pagesDir, file), html);
  pages[route.path] = file;
}
writeFileSync(manifestPath, `${JSON.stringify(pages, null, 2)}\n`);
console.log(`prerendered ${publicRoutes.length} public pages into ${path.relative(process.cwd(), pagesDir)}`);
