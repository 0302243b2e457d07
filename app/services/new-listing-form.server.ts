// The create forms with photos and a city ('Novo Produto', 'Cadastrar ONG'), read in one
// pass: every field's error, the city's (docs/decisions/0032) and the photos' checks
// (bytes, size, at most 3: docs/decisions/0008) come back together.
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { getDb, type RequestContext } from "~/context.server";
import { readFormData } from "~/platform/form-data.server";
import { checkImageUploads, chosenFiles, IMAGE_LIMIT_MESSAGE, imageReader } from "~/platform/images.server";
import { cityErrors, mergeFieldErrors, resolveCityField } from "./places.server";

/**
 * The form as posted, or the answer that sends it back (400). `photoRequired` is the
 * message when the form needs a photo and none came. Photos past the 3rd are cut: the
 * answer says so first, and a success carries `truncated` for the page's toast.
 */
export async function readNewListingForm<Schema extends $ZodType>(
  context: RequestContext,
  request: Request,
  schema: Schema,
  photoRequired?: string,
) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema });
  const place = await resolveCityField(getDb(context), formData);
  const check = await checkImageUploads(imageReader(context), chosenFiles(formData.getAll("photos")));
  const photoErrors = [...check.errors];
  if (photoRequired && check.images.length === 0 && check.errors.length === 0) photoErrors.push(photoRequired);
  if (submission.status !== "success" || !place.ok || photoErrors.length > 0) {
    if (check.truncated) photoErrors.unshift(IMAGE_LIMIT_MESSAGE);
    const result = submission.reply({ fieldErrors: mergeFieldErrors(cityErrors(place)) });
    return { ok: false as const, answer: { result, photoErrors, cityChoices: place.choices } };
  }
  return { ok: true as const, submission, place, images: check.images, truncated: check.truncated };
}
