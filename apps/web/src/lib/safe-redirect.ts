/** A redirect target from a query string, kept only when it is a path inside the portal. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  return value && /^\/(?![/\\])/.test(value) ? value : undefined;
}
