import type { ChangeEventHandler, InputHTMLAttributes, ReactNode } from "react";
import { errorAria, Field } from "~/components/form/field";
import { type PlaceholderKind, SafeImage } from "~/components/safe-image";
import { IMAGE_ACCEPT } from "~/lib/image-type";

/** What the server takes (app/platform/images.server.ts checks it by the bytes). */
const ACCEPTED = "JPEG, PNG, WebP, GIF ou AVIF, até 5 MB";

export interface FilePreview {
  url: string | null;
  kind: PlaceholderKind;
  alt: string;
  width: number;
  height: number;
  /** Size and shape of the thumbnail. */
  className: string;
  /** Show the placeholder when there is no image yet (a profile photo, a logo). */
  always?: boolean;
}

/**
 * Every photo field of the product (docs/decisions/0033, "One form style"; 0034): the
 * label (with the asterisk when required), the hint ending with the accepted types and
 * size, the current image beside the styled native input, and a box to remove that image.
 * Without JavaScript it is a plain file input; the server checks every file.
 */
export function FilePicker({
  id,
  name,
  label,
  hint,
  errors,
  errorId = `${id}-error`,
  multiple,
  required,
  preview,
  remove,
  before,
  full,
  onChange,
}: {
  id: string;
  /** The file field's name, as the action reads it. */
  name: string;
  label: string;
  /** What to send (how many, which is the main one); the accepted types and size follow. */
  hint?: string;
  errors?: string[];
  errorId?: string;
  multiple?: boolean;
  required?: boolean;
  /** The current image, beside the input. */
  preview?: FilePreview | null;
  /**
   * The remove box, shown when there is a current image: its label and its input's
   * attributes (a form field's `inputProps` keep it ticked after a refused save).
   */
  remove?: { label: string; input: InputHTMLAttributes<HTMLInputElement> };
  /** Shown above the input: the photos already sent with a draft. */
  before?: ReactNode;
  /** Said instead of the input when no more files fit. */
  full?: string | null;
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  const showPreview = preview && (preview.url || preview.always);
  return (
    <>
      <Field
        id={id}
        label={label}
        hint={`${hint ? `${hint} ` : ""}${ACCEPTED}${multiple ? " cada" : ""}.`}
        errors={errors}
        errorId={errorId}
        required={required}
      >
        {before}
        {full ? (
          <p className="text-sm text-slate-600">{full}</p>
        ) : (
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
            <input
              id={id}
              name={name}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple={multiple || undefined}
              {...errorAria(errors, errorId)}
              // ARIA gives a file input no role that takes aria-required; the attribute itself is
              // what browsers announce. Its form has noValidate, so the server still answers.
              required={required || undefined}
              className="file-input"
              onChange={onChange}
            />
          </div>
        )}
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
