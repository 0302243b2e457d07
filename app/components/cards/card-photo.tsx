import { type PlaceholderKind, SafeImage } from "~/components/safe-image";

/**
 * The 4:3 photo at the top of a card: listing cards, dashboards' item lists, matches and
 * the "Casos resolvidos" strip. Always the ≤480 px card copy (docs/decisions/0018).
 */
export function CardPhoto({
  src,
  kind,
  alt,
  className = "",
  bare = false,
}: {
  src: string | null;
  kind: PlaceholderKind;
  alt: string;
  className?: string;
  /**
   * In an `.item-card`, which styles its photo (docs/decisions/0041): no class at all.
   * Cards of things (not pets) give `alt=""`: their heading, right below, names the photo.
   */
  bare?: boolean;
}) {
  return (
    <SafeImage
      src={src}
      kind={kind}
      alt={alt}
      width={400}
      height={300}
      variant="card"
      copyAsSource
      className={bare ? undefined : `aspect-[4/3] w-full bg-slate-100 object-cover ${className}`.trim()}
    />
  );
}
