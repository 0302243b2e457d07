// Text placed into the few pieces of markup written as strings (the sitemap, the nearby-city
// link the Worker writes into the cached home page, the favourites' 429 page). Mails are
// React templates in app/mail and never use it (docs/decisions/0011).
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
