import { Marked } from 'marked';
import { escapeHtml } from './mail-template.ts';

const SAFE_URL = /^(https?:|mailto:|#|\/|\.\/|\.\.\/)/i;

/** A URL is kept only when it cannot run script: http(s), mailto, anchors and relative paths. */
export function isSafeUrl(href: string): boolean {
  const compact = [...href].filter((char) => char.charCodeAt(0) > 0x20).join('');
  return SAFE_URL.test(compact) || !/^[a-z][a-z0-9+.-]*:/i.test(compact);
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link(token) {
      if (isSafeUrl(token.href)) return false;
      return this.parser.parseInline(token.tokens);
    },
    image(token) {
      if (isSafeUrl(token.href)) return false;
      return escapeHtml(token.text);
    },
    // a task list is read, not filled in: a box to look at rather than a form control without a label
    checkbox({ checked }) {
      return `<span class="task-box" aria-hidden="true">${checked ? '☑' : '☐'}</span> `;
    },
  },
});

/** Markdown → HTML with raw HTML shown as text and script URLs dropped. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
