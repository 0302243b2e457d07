import type { ImgHTMLAttributes } from "react";
import { CARD_IMAGE_WIDTH, cardImageUrl } from "~/lib/card-image-url";
import { type PlaceholderKind, placeholderFor } from "~/lib/placeholders";
import { useRootData } from "~/lib/root-data";

export type { PlaceholderKind };

/** `sizes` of a card in the listing grids (1 column, 2 from 400 px, 3 from md, 4 from lg). */
export const CARD_SIZES = "(min-width: 1024px) 17rem, (min-width: 768px) 33vw, (min-width: 400px) 50vw, 100vw";

/**
 * Width announced for an original in `srcset`. Its real width is not stored; photos sent
 * with JavaScript are at most 1600 px, and only the choice between candidates uses it.
 */
const ORIGINAL_WIDTH = 1600;

interface SafeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> {
  src: string | null | undefined;
  kind: PlaceholderKind;
  width: number;
  height: number;
  alt: string;
  /**
   * How the card-size copy of an uploaded photo is offered (docs/decisions/0018):
   * "card" (cards, thumbnails) always takes it; "detail" lets wide slots take the original.
   */
  variant?: "card" | "detail";
  /**
   * The card copy as the `src` itself, without a `srcset` of one candidate and its `sizes`
   * (~150 bytes): the listing cards, many to a page (docs/decisions/0041).
   */
  copyAsSource?: boolean;
}

/** The `srcset` of an uploaded photo, or undefined (seed and external images, GIF, AVIF). */
export function cardSrcSet(src: string | null | undefined, variant: "card" | "detail" | undefined) {
  const card = variant ? cardImageUrl(src) : null;
  if (!card) return undefined;
  const copy = `${card} ${CARD_IMAGE_WIDTH}w`;
  return variant === "card" ? copy : `${copy}, ${src} ${ORIGINAL_WIDTH}w`;
}

/**
 * An image that is lazy by default, always has its size (no layout shift on slow
 * networks) and falls back to the placeholder of its kind when missing or broken.
 */
export function SafeImage({ src, kind, loading = "lazy", variant, sizes, copyAsSource = false, ...props }: SafeImageProps) {
  const fallback = placeholderFor(kind);
  // A phone that asks to save data (`Save-Data: on`) gets the drawing of its kind on cards
  // (a cached file of ~1 KB); the item's own page still shows the photo
  // (docs/decisions/0043-save-data.md).
  const lessData = useRootData()?.saveData === true && variant === "card";
  const photo = lessData ? null : src;
  const srcSet = copyAsSource ? undefined : cardSrcSet(photo, variant);
  return (
    <img
      {...props}
      src={(copyAsSource && cardImageUrl(photo)) || photo || fallback}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? CARD_SIZES) : undefined}
      loading={loading}
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        // srcset wins over src: drop it, or the broken candidate stays.
        img.removeAttribute("srcset");
        if (!img.src.endsWith(fallback)) img.src = fallback;
      }}
    />
  );
}
