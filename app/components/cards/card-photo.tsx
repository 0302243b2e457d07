import { type PlaceholderKind, SafeImage } from "~/components/safe-image";

/**
 * The 4:3 photo of an `ItemCard`, which styles it (docs/decisions/0041): no class at all.
 * Always the ≤480 px card copy (docs/decisions/0018). Cards of things (not pets) give
 * `alt=""`: their heading, right below, names the photo.
 */
export function CardPhoto({ src, kind, alt }: { src: string | null; kind: PlaceholderKind; alt: string }) {
  return <SafeImage src={src} kind={kind} alt={alt} width={400} height={300} variant="card" copyAsSource />;
}
