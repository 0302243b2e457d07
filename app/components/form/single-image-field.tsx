import type { InputHTMLAttributes } from "react";
import { errorAria, Field } from "~/components/form/field";
import { type PlaceholderKind, SafeImage } from "~/components/safe-image";
import { IMAGE_ACCEPT } from "~/lib/image-type";

/**
 * One image field (docs/decisions/0034): the image of an event or a clinic, the
 * profile photo, the company's logo. The current image sits beside the file input (or the
 * placeholder of its kind, when `preview.always`), and a box to remove it when there is one.
 */
export function SingleImageField({
  id,
  name = "image",
  label,
  hint,
  errors,
  preview,
  remove,
}: {
  id: string;
  /** The file field's name: `image` on the event and clinic forms. */
  name?: string;
  /** 'Imagem', or 'Trocar imagem' when there is one. */
  label: string;
  hint: string;
  errors?: string[];
  preview?: {
    url: string | null;
    kind: PlaceholderKind;
    alt: string;
    width: number;
    height: number;
    /** Size and shape of the thumbnail. */
    className: string;
    /** Show the placeholder when there is no image yet (a profile photo, a logo). */
    always?: boolean;
  } | null;
  /**
   * The remove box, shown when there is an image: its label and its input's attributes
   * (a form field's `inputProps` keep it ticked after a refused save; the event and clinic
   * forms send a plain `removeImage`).
   */
  remove?: { label: string; input: InputHTMLAttributes<HTMLInputElement> };
}) {
  const errorId = `${id}-error`;
  const showPreview = preview && (preview.url || preview.always);
  return (
    <>
      <Field id={id} label={label} hint={hint} errors={errors} errorId={errorId}>
        <div className="flex items-center gap-4">
          {showPreview ? (
            <SafeImage
              src={preview.url}
              kind={preview.kind}
              alt={preview.alt}
              width={preview.width}
              height={preview.height}
              className={`shrink-0 object-cover ${preview.className}`}
            />
          ) : null}
          <input id={id} name={name} type="file" accept={IMAGE_ACCEPT} {...errorAria(errors, errorId)} className="file-input" />
        </div>
      </Field>
      {remove && preview?.url ? (
        <label className="check-label text-sm text-slate-700">
          <input {...remove.input} type="checkbox" className="accent-red-600" />
          {remove.label}
        </label>
      ) : null}
    </>
  );
}
