import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    // the page banner is the h1; a document's own headings start one level below it
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + 1);
  },
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')?.startsWith('http')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noreferrer');
  }
});

/**
 * Markdown → sanitized HTML: no script, no event handlers, no javascript: URLs, and no style attributes (the
 * Content-Security-Policy would refuse them).
 */
export function toSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => toSafeHtml(source), [source]);
  return (
    <div
      className={['markdown', className].filter(Boolean).join(' ')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
