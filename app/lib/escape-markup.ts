/**
 * Escapes text for HTML or XML: `& < > " '` become entities, so user text in an email, raw HTML
 * in a blog post and URLs in the sitemap are always text, never markup (docs/security.md#forms-and-email:
 * user text is escaped in every email). One function for all three.
 */
export function escapeMarkup(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
