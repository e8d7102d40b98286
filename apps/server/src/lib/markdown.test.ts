import { describe, expect, it } from 'vitest';
import { isSafeUrl, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders markdown', () => {
    expect(renderMarkdown('# Title\n\n**bold** [docs](/document)')).toContain('<a href="/document">docs</a>');
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('shows a task list item with a box to look at, not an unlabelled form control', () => {
    const html = renderMarkdown('- [ ] to do\n- [x] done');
    expect(html).not.toContain('<input');
    expect(html).toContain('<span class="task-box" aria-hidden="true">☐</span> to do');
    expect(html).toContain('<span class="task-box" aria-hidden="true">☑</span> done');
  });

  it('drops script URLs from links and images', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) ![x](JaVaScRiPt:alert(1)) [ok](https://lumora.example)');
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html).toContain('click');
    expect(html).toContain('href="https://lumora.example"');
  });
});

describe('isSafeUrl', () => {
  it.each(['https://a.example', '/path', '#anchor', 'mailto:a@b.example', 'relative/page'])('keeps %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });
  it.each(['javascript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x'])('drops %s', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
