// Publishing a pet ad from the adoption or lost-pet form (spec §5), shared by
// /cadastrar-pet and /anunciar: validation, photos checked by their bytes, R2 + one D1
// batch, the visitor's draft kept across sign-in.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { getCloudflare, getDb } from "~/context.server";
import { adoptionPetSchema, lostPetSchema, missingLine } from "~/forms/pet";
import { PET_STATUS_LABELS } from "~/lib/labels";
import { createPetWithImages, type NewPet } from "~/models/pets.server";
import { getCurrentUser } from "./auth.server";
import {
  checkImageUploads,
  chosenFiles,
  deleteImagesByUrl,
  IMAGE_LIMIT_MESSAGE,
  MAX_IMAGES_PER_AD,
  putImages,
} from "./images.server";
import {
  discardDraft,
  DRAFT_FOLDER,
  existingDraftPhotos,
  loadDraft,
  promoteDraftPhotos,
  saveDraft,
  type DraftKind,
} from "./pet-drafts.server";
import { flashToast, getSession } from "./session.server";

type Context = Readonly<RouterContextProvider>;

export type PetAdResult =
  | { kind: DraftKind; result: SubmissionResult<string[]>; keptPhotos: string[] }
  | Response;

const PHOTO_REQUIRED = "Envie pelo menos uma foto do pet.";

function textFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== "keptPhoto" && key !== "removeKept") fields[key] = value;
  }
  return fields;
}

function toNewPet(kind: DraftKind, value: Record<string, unknown>): NewPet {
  const v = value as {
    name: string; type: string; breed: string; age: string; gender: string; size: string;
    contactWhatsapp: string; location: string; notes?: string; youtube?: string;
    temperament?: string; isNeutered?: boolean; isVaccinated?: boolean; acceptsChildren?: boolean;
    acceptsOtherAnimals?: boolean; category?: "perdido" | "encontrado" | "avistado"; color?: string; missingSince?: string;
  };
  const base = {
    name: v.name, type: v.type, breed: v.breed, age: v.age, gender: v.gender, size: v.size,
    contactWhatsapp: v.contactWhatsapp, location: v.location,
  };
  if (kind === "adocao") {
    return {
      ...base,
      status: "adocao",
      temperament: v.temperament,
      isNeutered: v.isNeutered ?? false,
      isVaccinated: v.isVaccinated ?? false,
      acceptsChildren: v.acceptsChildren ?? false,
      acceptsOtherAnimals: v.acceptsOtherAnimals ?? false,
      description: v.notes ?? null,
      youtube: v.youtube ?? null,
    };
  }
  const category = v.category ?? "perdido";
  return {
    ...base,
    status: category,
    color: v.color,
    missingSince: v.missingSince,
    // Spec §3: the lost form stores its description as the date line, then the notes.
    description: [missingLine(category, v.missingSince!), v.notes].filter(Boolean).join("\n"),
    youtube: v.youtube ?? null,
  };
}

/** Handles a POST of the adoption or lost form; `pagePath` is where the form lives. */
export async function submitPetAd(context: Context, request: Request, pagePath: string): Promise<PetAdResult> {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const kind: DraftKind = formData.get("kind") === "perdido" ? "perdido" : "adocao";
  const session = getSession(context);

  if (formData.get("intent") === "descartar-rascunho") {
    const draftId = session.get("petDraftId");
    if (draftId) await discardDraft(env.KV, env.IMAGES, draftId);
    session.unset("petDraftId");
    flashToast(context, { type: "info", title: "Rascunho descartado" });
    return redirect(pagePath, 303);
  }

  const submission = parseWithZod(formData, { schema: kind === "adocao" ? adoptionPetSchema : lostPetSchema });
  const removed = new Set(formData.getAll("removeKept").map(String));
  const kept = (await existingDraftPhotos(env.IMAGES, formData.getAll("keptPhoto").map(String))).filter(
    (url) => !removed.has(url),
  );
  const files = chosenFiles(formData.getAll("photos"));
  const room = Math.max(0, MAX_IMAGES_PER_AD - kept.length);
  const check = await checkImageUploads(files, room);
  const truncated = kept.length + files.length > MAX_IMAGES_PER_AD;
  await deleteImagesByUrl(env.IMAGES, [...removed].filter((url) => url.includes(`/${DRAFT_FOLDER}/`)));

  const photoErrors = [...check.errors];
  if (kept.length + check.images.length === 0 && photoErrors.length === 0) photoErrors.push(PHOTO_REQUIRED);
  if (truncated) photoErrors.unshift(IMAGE_LIMIT_MESSAGE);

  // Valid new photos are kept as a draft, so a second try need not upload them again.
  const newDraftPhotos = check.images.length ? await putImages(env.IMAGES, check.images, DRAFT_FOLDER) : [];
  const photos = [...kept, ...newDraftPhotos];

  if (submission.status !== "success" || check.errors.length > 0 || photos.length === 0) {
    return {
      kind,
      result: submission.reply({ fieldErrors: photoErrors.length ? { photos: photoErrors } : undefined }),
      keptPhotos: photos,
    };
  }

  const user = await getCurrentUser(context);
  if (!user) {
    const previous = session.get("petDraftId");
    if (previous) await discardDraft(env.KV, env.IMAGES, previous, { keepPhotos: true });
    const draftId = await saveDraft(env.KV, { kind, fields: textFields(formData), photoUrls: photos });
    session.set("petDraftId", draftId);
    flashToast(context, {
      type: "error",
      title: "Erro de autenticação",
      description:
        kind === "perdido"
          ? "Você precisa estar logado para cadastrar um pet perdido."
          : "Entre na sua conta para publicar o anúncio. Guardamos o que você preencheu.",
    });
    const back = `${pagePath}${pagePath.includes("?") ? "&" : "?"}aba=${kind}`;
    return redirect(`/entrar?redirectTo=${encodeURIComponent(back)}`, 303);
  }

  const pet = toNewPet(kind, submission.value);
  const finalPhotos = await promoteDraftPhotos(env.IMAGES, photos, "pets");
  let petId: number;
  try {
    petId = await createPetWithImages(getDb(context), user.id, pet, finalPhotos);
  } catch (error) {
    // Nothing half-saved: the batch rolled back, and the photos go too.
    await deleteImagesByUrl(env.IMAGES, finalPhotos);
    console.error("Falha ao publicar pet:", error instanceof Error ? error.message : error);
    return {
      kind,
      result: submission.reply({ formErrors: ["Não foi possível publicar seu anúncio. Tente novamente."] }),
      keptPhotos: [],
    };
  }
  const draftId = session.get("petDraftId");
  if (draftId) {
    await discardDraft(env.KV, env.IMAGES, draftId, { keepPhotos: true });
    session.unset("petDraftId");
  }
  flashToast(context, {
    type: "success",
    title: "Cadastro realizado com sucesso!",
    description:
      kind === "adocao"
        ? "Seu anúncio de pet para adoção foi publicado."
        : `Seu anúncio de pet ${PET_STATUS_LABELS[pet.status]!.toLowerCase()} foi publicado.`,
  });
  if (truncated) flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
  return redirect(`/pet/${petId}`, 303);
}

/** What a form page needs to show a restored draft (after sign-in) or nothing. */
export async function restoredDraft(context: Context) {
  const { env } = getCloudflare(context);
  const draftId = getSession(context).get("petDraftId");
  const draft = await loadDraft(env.KV, draftId);
  if (!draft) return null;
  return {
    kind: draft.kind,
    fields: draft.fields,
    photoUrls: await existingDraftPhotos(env.IMAGES, draft.photoUrls),
  };
}
