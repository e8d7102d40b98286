/** A plain, branded transactional mail rendered as both HTML and text. */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code shown large, e.g. a verification code. */
  code?: string;
  action?: { label: string; url: string };
  footer?: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const footer =
    content.footer ??
    'You receive this mail because of your Partner Portal account. If you did not expect it, you can ignore it.';
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    footer,
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1f2333">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#5b45e0;font-weight:700">Partner Portal</td></tr>
<tr><td><h1 style="font-size:22px;margin:16px 0">${escapeHtml(content.heading)}</h1></td></tr>
${content.paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.6;padding-bottom:12px">${escapeHtml(p).replaceAll('\n', '<br>')}</td></tr>`).join('\n')}
${content.code ? `<tr><td style="padding:16px 0"><div style="font-size:32px;font-weight:700;letter-spacing:.3em;text-align:center;background:#f0edff;border-radius:8px;padding:16px">${escapeHtml(content.code)}</div></td></tr>` : ''}
${content.action ? `<tr><td style="padding:16px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#5b45e0;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:600">${escapeHtml(content.action.label)}</a></td></tr>` : ''}
<tr><td style="font-size:12px;color:#6b7080;border-top:1px solid #e6e8ef;padding-top:16px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return { subject: content.subject, text, html };
}

export { escapeHtml };
