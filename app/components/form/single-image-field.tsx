import { Field } from "~/components/form/field";
import { IMAGE_ACCEPT } from "~/lib/image-type";

/**
 * One image of an event or a clinic (`image`), with its current one and 'Remover imagem'
 * (`removeImage`) when editing (issue 22; docs/decisions/0034).
 */
export function SingleImageField({
  id,
  label,
  hint,
  errors,
  current,
}: {
  id: string;
  /** 'Imagem', or 'Trocar imagem' when there is one. */
  label: string;
  hint: string;
  errors?: string[];
  current?: { url: string; alt: string; width: number; height: number; aspect: string } | null;
}) {
  return (
    <>
      {current ? (
        <div className="flex items-center gap-3">
          <img
            src={current.url}
            alt={current.alt}
            width={current.width}
            height={current.height}
            className={`${current.aspect} w-28 rounded-lg object-cover`}
          />
          <label className="check-label gap-1 text-sm text-slate-700">
            <input type="checkbox" name="removeImage" className="accent-red-600" /> Remover imagem
          </label>
        </div>
      ) : null}
      <Field id={id} label={label} hint={hint} errors={errors} errorId={`${id}-error`}>
        <input id={id} name="image" type="file" accept={IMAGE_ACCEPT} className="input" />
      </Field>
    </>
  );
}
