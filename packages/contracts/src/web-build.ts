/**
 * Where the web build lists the public pages it prerendered, relative to its output directory; the server reads it
 * to answer those paths with their HTML. Maps a URL path (`/business`) to an HTML file beside the list.
 */
export const PRERENDERED_PAGES_MANIFEST = 'prerendered/pages.json';

export type PrerenderedPages = Record<string, string>;
