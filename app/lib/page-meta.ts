// The tags a shared public page carries: title, description, canonical address and the
// Open Graph (and, with a photo, Twitter) preview that WhatsApp and the networks read
// (docs/decisions/0022). One list for the detail pages and the city pages.
import type { MetaDescriptor } from "react-router";

export interface PageMeta {
  /** The document's title, with the site's name. */
  title: string;
  description: string;
  /** The page's canonical address, absolute. */
  url: string;
  type: "website" | "article" | "product";
  /** The preview's title, without the site's name; the document's title when left out. */
  previewTitle?: string;
  /** The preview's photo, an absolute address, and its text. */
  image?: { url: string; alt: string };
}

export function pageMeta({ title, description, url, type, previewTitle = title, image }: PageMeta): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Patas Conectadas" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: previewTitle },
    { property: "og:description", content: description },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { property: "og:url", content: url },
    ...(image
      ? [
          { name: "twitter:card", content: "summary_large_image" },
          { name: "twitter:title", content: previewTitle },
          { name: "twitter:description", content: description },
          { name: "twitter:image", content: image.url },
        ]
      : []),
  ];
}

/**
 * The tags of a page whose URL carries a secret (a mail's confirmation, reset or alert
 * link): kept out of search engines and other sites' referrers. ("no-referrer" would make
 * browsers send Origin: null on the page's form POST.)
 */
export function secretLinkMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}
