import { type PlaceholderKind, SafeImage } from "~/components/safe-image";

/**
 * A detail page's photos: the first large (eager: it is the LCP), the others as
 * thumbnails; a `badge` (the clinic's category, the organization's type) sits on the photo.
 */
export function PhotoGallery({ photos, kind, name, badge }: { photos: string[]; kind: PlaceholderKind; name: string; badge?: string }) {
  return (
    <div className={badge ? "relative" : undefined}>
      <SafeImage
        src={photos[0]}
        kind={kind}
        alt={`Foto de ${name}`}
        width={800}
        height={600}
        loading="eager"
        // The page's largest image (its LCP): fetched first (docs/decisions/0018).
        fetchPriority="high"
        variant="detail"
        sizes="(min-width: 1024px) 34rem, 100vw"
        className="aspect-[4/3] w-full rounded-2xl bg-slate-100 object-cover"
      />
      {badge ? <span className="badge absolute top-3 left-3 bg-white/95 text-slate-800">{badge}</span> : null}
      {photos.length > 1 ? (
        <ul className="mt-3 grid grid-cols-3 gap-3" aria-label="Mais fotos">
          {photos.slice(1).map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener">
                <SafeImage
                  src={photo}
                  kind={kind}
                  alt={`Foto ${index + 2} de ${name}`}
                  width={240}
                  height={180}
                  variant="card"
                  sizes="(min-width: 1024px) 11rem, 30vw"
                  className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
