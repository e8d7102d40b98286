import { describe, expect, it } from 'vitest';
import { toSafeHtml } from './markdown.tsx';

describe('toSafeHtml', () => {
  it('renders markdown, one heading level below the page banner', () => {
    const html = toSafeHtml('# Getting started\n\nRead the **guide** at [docs](/document).');
    expect(html).toContain('<h2');
    expect(html).toContain('<strong>guide</strong>');
    expect(html).toContain('<a href="/document">docs</a>');
  });

  it('renders script, event handlers and javascript: links inert', () => {
    const html = toSafeHtml(
      [
        '<script>window.pwned = true</script>',
        '<img src="x" onerror="window.pwned = true">',
        '[click me](javascript:window.pwned=true)',
        '<a href="JaVaScRiPt:alert(1)">raw link</a>',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect(html).toContain('click me');
  });

  it('drops inline style attributes, which the Content-Security-Policy refuses', () => {
    const html = toSafeHtml('<p style="color:red">Red</p>\n\n<span style="display:none">hidden</span>');
    expect(html).not.toContain('style=');
    expect(html).toContain('Red');
  });

  it('opens external links in a new tab without a referrer', () => {
    expect(toSafeHtml('[site](https://www.lumora.example)')).toContain('target="_blank" rel="noreferrer"');
  });
});
