import { useState } from "react";
import { FilePicker } from "./file-picker";

export const MAX_PHOTOS = 3;
const MAX_SIDE = 1600;

/**
 * An edit form's 'Fotos atuais' (a pet ad's, a product's): each photo with its box to
 * remove it, sent as `removeImage` (PhotoInput counts them as leaving).
 */
export function CurrentPhotos({ photos, altOf }: { photos: string[]; altOf: (position: number) => string }) {
  if (!photos.length) return null;
  return (
    <fieldset>
      <legend className="label">Fotos atuais</legend>
      <ul className="flex flex-wrap gap-3">
        {photos.map((url, index) => (
          <li key={url} className="w-28 text-center">
            <img src={url} alt={altOf(index + 1)} width={112} height={84} className="aspect-[4/3] w-28 rounded-lg object-cover" />
            <label className="check-label mt-1 justify-center gap-1 text-xs text-slate-700">
              <input type="checkbox" name="removeImage" value={url} className="accent-red-600" /> Remover
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * Up to three photos, in the file picker of every photo field. Without JavaScript it is a
 * plain file input (the server enforces every rule). With JavaScript, extra files are refused on the spot and large photos are
 * downscaled in the browser before upload: cheap phones on slow networks send far less.
 */
export function PhotoInput({
  name = "photos",
  label = "Fotos",
  errors,
  keptPhotos = [],
  required = true,
  currentPhotoField,
}: {
  name?: string;
  label?: string;
  errors?: string[];
  keptPhotos?: string[];
  /** A new ad needs a photo; photos kept from a draft count. */
  required?: boolean;
  /** Name of the "Remover" checkboxes of photos the ad already has (edit form). */
  currentPhotoField?: string;
}) {
  const id = `${name}-input`;
  const [busy, setBusy] = useState(false);
  const room = MAX_PHOTOS - keptPhotos.length;
  return (
    <>
      <FilePicker
        id={id}
        name={name}
        label={label}
        hint={`Até ${MAX_PHOTOS} fotos; a primeira é a principal.`}
        errors={errors}
        multiple
        required={required && keptPhotos.length === 0}
        full={room > 0 ? null : `Você já enviou ${MAX_PHOTOS} fotos.`}
        before={
          keptPhotos.length > 0 ? (
            <ul className="mb-2 flex flex-wrap gap-2" aria-label="Fotos já enviadas">
              {keptPhotos.map((url) => (
                <li key={url} className="w-24 text-center">
                  <img src={url} alt="Foto já enviada" width={96} height={96} className="size-24 rounded-lg object-cover" />
                  <input type="hidden" name="keptPhoto" value={url} />
                  <label className="check-label mt-1 justify-center gap-1 text-xs text-slate-600">
                    <input type="checkbox" name="removeKept" value={url} className="accent-red-600" /> Remover
                  </label>
                </li>
              ))}
            </ul>
          ) : null
        }
        onChange={async (event) => {
          const input = event.currentTarget;
          let files = [...(input.files ?? [])];
          // Photos that stay count too: kept drafts and, on edit, the ad's own photos.
          const free = Math.max(0, MAX_PHOTOS - photosStaying(input.form, ["removeKept", currentPhotoField]));
          if (files.length > free) {
            window.alert("Limite de 3 imagens por anúncio.");
            files = files.slice(0, free);
          }
          setBusy(true);
          try {
            const resized = await Promise.all(files.map(downscale));
            const transfer = new DataTransfer();
            for (const file of resized) transfer.items.add(file);
            input.files = transfer.files;
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy ? (
        <p className="mt-1 text-xs text-slate-500" role="status">
          Preparando as fotos...
        </p>
      ) : null}
    </>
  );
}

/** Photos already in the form whose "Remover" box is not ticked. */
function photosStaying(form: HTMLFormElement | null, names: (string | undefined)[]): number {
  if (!form) return 0;
  let count = 0;
  for (const name of names) {
    if (!name) continue;
    for (const box of form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`)) {
      if (!box.checked) count++;
    }
  }
  return count;
}

/** Larger than MAX_SIDE: redrawn as a JPEG at MAX_SIDE. GIFs are left alone (animation). */
async function downscale(file: File): Promise<File> {
  if (file.type === "image/gif" || !("createImageBitmap" in window)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size < 1_000_000) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" });
  } catch {
    return file;
  }
}
