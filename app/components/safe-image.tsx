import type { ImgHTMLAttributes } from "react";

export type PlaceholderKind = "pet" | "product" | "organization" | "event" | "clinic" | "avatar";

export function placeholderFor(kind: PlaceholderKind) {
  return `/placeholders/${kind}.svg`;
}

interface SafeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> {
  src: string | null | undefined;
  kind: PlaceholderKind;
  width: number;
  height: number;
  alt: string;
}

/**
 * An image that is lazy by default, always has its size (no layout shift on slow
 * networks) and falls back to the placeholder of its kind when missing or broken.
 */
export function SafeImage({ src, kind, loading = "lazy", ...props }: SafeImageProps) {
  const fallback = placeholderFor(kind);
  return (
    <img
      {...props}
      src={src || fallback}
      loading={loading}
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(fallback)) img.src = fallback;
      }}
    />
  );
}
