import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAVICON_LINKS } from '../../lib/favicon.ts';
import { escapeHtml } from '../../lib/mail-template.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

/** Served as a file: the page's Content-Security-Policy allows no inline style. */
export const DOCUMENTATION_CSS = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'documentation.css'),
  'utf8',
);

/** Code and tables scroll inside themselves on a narrow screen: focusable, so a keyboard can scroll them too. */
const withScrollableBlocks = (html: string) =>
  html.replaceAll('<pre>', '<pre tabindex="0">').replaceAll('<table>', '<table tabindex="0">');

export interface DocumentationEntry {
  slug: string;
  name: string;
  markdown: string;
}

/**
 * Every SDK document on one page, in the portal's look: its header (back to the portal, whose origin `portalUrl`
 * is: this page may be served by a separate static host), a contents list beside the documents on a wide screen
 * and above them on a phone, all without script.
 */
export function renderDocumentationPage(docs: DocumentationEntry[], portalUrl: string): string {
  const portal = escapeHtml(portalUrl);
  const toc = docs.map((d) => `<li><a href="#${escapeHtml(d.slug)}">${escapeHtml(d.name)}</a></li>`).join('');
  const sections = docs
    .map(
      (d) =>
        `<section class="doc" id="${escapeHtml(d.slug)}">${withScrollableBlocks(renderMarkdown(d.markdown))}</section>`,
    )
    .join('<hr class="doc-separator">');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SDK Documentation · Lumora Partner Portal</title>
<meta name="theme-color" content="#2a1f7a">
<link rel="stylesheet" href="/documentation.css">${FAVICON_LINKS}</head>
<body>
<header class="site-header"><div class="container site-header__inner">
<a class="brand" href="${portal}/" aria-label="Lumora Partner Portal, Home"><img src="/favicon.svg" alt="" width="32" height="32"><span>Lumora <span class="brand__sub">Partner Portal</span></span></a>
<nav class="portal-links" aria-label="Partner Portal"><a href="${portal}/developers">Developers</a><a href="${portal}/document">Read in the portal</a></nav>
</div></header>
<div class="banner"><div class="container"><p class="banner__title">SDK Documentation</p><p class="banner__lead">The Lumora AR game SDK, the realtime game API, 3D model guidelines and VPS placement.</p></div></div>
<div class="container docs">
<nav class="toc" aria-label="Documents"><p class="toc__title">Contents</p><ul>${toc}</ul><a class="toc__portal" href="${portal}/document">Open in the Partner Portal</a></nav>
<main>${sections}</main>
</div></body></html>`;
}
