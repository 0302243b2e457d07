// Publishing a pet ad from the adoption or lost-pet form (spec §5), shared by
// /cadastrar-pet and /anunciar: validation, photos checked by their bytes, R2 + one D1
// batch, a visitor's account made (or signed in to) on the same submit, and the draft kept
// for a visitor who signs in first (docs/decisions/0044).
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { redirect, href } from "react-router";
import { getCloudflare, getDb, type RequestContext } from "~/context.server";
import { adoptionPetSchema, finderPlaceErrors, lostFormSchema, missingLine } from "~/forms/pet";
import { knownAnswer } from "~/lib/pet-title";
import { PET_STATUS_LABELS } from "~/lib/labels";
import { petAdChoiceFor } from "~/lib/pet-ad-choice";
import { createPetWithImages, type NewPet } from "~/models/pets.server";
import { getCurrentUser } from "~/platform/auth.server";
import { checkAdPhotos, deleteImagesByUrl, IMAGE_LIMIT_MESSAGE, imageStore, MAX_IMAGES_PER_AD, putImages } from "~/platform/images.server";
import {
  discardDraft,
  DRAFT_FOLDER,
  existingDraftPhotos,
  loadDraft,
  ownedDraftPhotos,
  promoteDraftPhotos,
  replaceOwnedDraftPhotos,
  saveDraft,
  type DraftKind,
} from "./pet-drafts.server";
import { clientIp, consumeRateLimit, ipRule, RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/platform/rate-limit.server";
import { flashToast, getSession, type AppSession } from "~/platform/session.server";
import { readFormData } from "~/platform/form-data.server";
import { announceNewPet } from "./instant-alerts.server";
import { type CityChoices, type CityResolution, cityErrors, mergeFieldErrors, resolveCityField } from "./places.server";
import { municipalityLabel } from "~/lib/place-names";
import { type AdAccountStep, SIGN_IN_FIRST } from "~/lib/ad-account";
import { AD_ACCOUNT_FIELDS, accountForAd, parseAdAccount } from "./pet-ad-accounts.server";
import { SECRET_FIELDS } from "./sign-in.server";

export type PetAdResult =
  | {
      kind: DraftKind;
      result: SubmissionResult<string[]>;
      keptPhotos: string[];
      status: 400 | 403 | 429;
      /** The candidates when the city's name is in several states (docs/decisions/0032). */
      cityChoices: CityChoices | null;
      /** A visitor's account fields: a new account's, or an existing one's password (0044). */
      accountStep: AdAccountStep;
    }
  | Response;

const PHOTO_REQUIRED = "Envie pelo menos uma foto do pet.";

// Not kept in a draft: the photos' own fields, and the account part (never a password).
const NOT_DRAFT_FIELDS = new Set(["keptPhoto", "removeKept", "cityCode", "intent", ...AD_ACCOUNT_FIELDS]);

function textFields(formData: FormData, place: CityResolution): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !NOT_DRAFT_FIELDS.has(key)) fields[key] = value;
  }
  // The city as resolved ("Bom Jesus - RS"), so the restored form needs no second choice.
  if (place.ok) {
    fields.city = municipalityLabel(place.municipality);
    fields.neighbourhood = place.neighbourhood ?? "";
  }
  return fields;
}

function toNewPet(kind: DraftKind, value: Record<string, unknown>, place: Extract<CityResolution, { ok: true }>): NewPet {
  const v = value as {
    name?: string | null;
    type: string;
    breed?: string | null;
    age?: string | null;
    gender: string | null;
    size: string | null;
    contactWhatsapp: string;
    notes?: string;
    youtube?: string;
    temperament?: string;
    isNeutered?: boolean;
    isVaccinated?: boolean;
    acceptsChildren?: boolean;
    acceptsOtherAnimals?: boolean;
    category?: "perdido" | "encontrado" | "avistado";
    color?: string;
    missingSince?: string;
  };
  const base = {
    // No name (a finder's ad) is '': the column stays NOT NULL, and the title is built
    // from what is known (docs/decisions/0045).
    name: knownAnswer(v.name) ?? "",
    type: v.type,
    breed: v.breed ?? null,
    age: v.age ?? null,
    gender: v.gender,
    size: v.size,
    contactWhatsapp: v.contactWhatsapp,
    location: place.location,
    municipalityCode: place.municipalityCode,
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
    color: v.color ?? null,
    missingSince: v.missingSince,
    // Spec §3: the lost form stores its description as the date line, then the notes.
    description: [missingLine(category, v.missingSince!, v.gender), v.notes].filter(Boolean).join("\n"),
    youtube: v.youtube ?? null,
  };
}

/**
 * The draft photos this session may carry over or remove: the ones it uploaded, and those
 * of its own saved draft (a draft saved before sessions recorded their photos).
 */
async function draftPhotosOf(kv: KVNamespace, session: AppSession): Promise<Set<string>> {
  const owned = new Set(ownedDraftPhotos(session));
  const draft = await loadDraft(kv, session.get("petDraftId"));
  for (const url of draft?.photoUrls ?? []) owned.add(url);
  return owned;
}

/** Counts `files` draft photos against the visitor's address; false when over the limit. */
async function allowAnonymousDraftPhotos(context: RequestContext, request: Request, files: number): Promise<boolean> {
  const { env } = getCloudflare(context);
  const rule = ipRule(RATE_LIMITS.draftPhotosPerIp, env);
  const ip = clientIp(request);
  for (let i = 0; i < files; i++) {
    if (!(await consumeRateLimit(env, "draft-photo-ip", ip, rule)).allowed) return false;
  }
  return true;
}

/** Handles a POST of the adoption or lost form; `pagePath` is where the form lives. */
export async function submitPetAd(context: RequestContext, request: Request, pagePath: string): Promise<PetAdResult> {
  const { env } = getCloudflare(context);
  const formData = await readFormData(request);
  const kind: DraftKind = formData.get("kind") === "perdido" ? "perdido" : "adocao";
  const session = getSession(context);

  if (formData.get("intent") === "descartar-rascunho") {
    const draftId = session.get("petDraftId");
    if (draftId) await discardDraft(env.KV, env.IMAGES, draftId);
    session.unset("petDraftId");
    await replaceOwnedDraftPhotos(session, env.IMAGES, []);
    flashToast(context, { type: "info", title: "Rascunho descartado" });
    return redirect(pagePath, 303);
  }
  // A bot that filled the hidden field of a visitor's form: nothing is stored (0044).
  if (formData.get("website") && !(await getCurrentUser(context))) return redirect("/", 303);

  // A found or sighted pet asks only what a finder can know (docs/decisions/0045).
  const submission = parseWithZod(formData, { schema: kind === "adocao" ? adoptionPetSchema : lostFormSchema(formData.get("category")) });
  const place = await resolveCityField(getDb(context), formData);
  // Only this session's own draft photos are carried over; a forged keptPhoto or
  // removeKept naming someone else's is ignored (docs/decisions/0008).
  const owned = await draftPhotosOf(env.KV, session);
  const removed = new Set(formData.getAll("removeKept").map(String));
  const offered = [...new Set(formData.getAll("keptPhoto").map(String))].filter((url) => owned.has(url) && !removed.has(url));
  const carried = await existingDraftPhotos(env.IMAGES, offered);
  // Carried photos count toward the limit like new ones: an ad has at most 3 in all.
  const kept = carried.slice(0, MAX_IMAGES_PER_AD);
  const check = await checkAdPhotos(context, formData, carried.length);
  const { truncated } = check;

  const photoErrors = check.messages;
  if (kept.length + check.images.length === 0 && photoErrors.length === 0) photoErrors.push(PHOTO_REQUIRED);

  const user = await getCurrentUser(context);
  // A visitor's form ends with the account fields; a signed-in account's has none (0044).
  const account = user ? null : parseAdAccount(formData);
  const accountStep = account?.step ?? "cadastrar";
  if (!user && check.images.length && !(await allowAnonymousDraftPhotos(context, request, check.images.length))) {
    // A visitor storing photos too fast: nothing new is stored; what was carried stays.
    await replaceOwnedDraftPhotos(session, env.IMAGES, kept, owned);
    return {
      kind,
      result: submission.reply({ formErrors: [RATE_LIMITED_MESSAGE], hideFields: SECRET_FIELDS }),
      keptPhotos: kept,
      status: 429,
      cityChoices: place.choices,
      accountStep,
    };
  }

  // Valid new photos are kept as a draft, so a second try need not upload them again.
  const newDraftPhotos = check.images.length ? await putImages(imageStore(context), check.images, DRAFT_FOLDER) : [];
  const photos = [...kept, ...newDraftPhotos];
  // The session now holds these draft photos; the ones it held and dropped go.
  await replaceOwnedDraftPhotos(session, env.IMAGES, photos, owned);

  if (!user && formData.get("intent") === SIGN_IN_FIRST) {
    // 'Entrar antes de publicar': what was typed (the account part aside) and the photos
    // wait as a draft, restored after sign-in, by password or Google (0044).
    const previous = session.get("petDraftId");
    if (previous) await discardDraft(env.KV, env.IMAGES, previous, { keepPhotos: true });
    const draftId = await saveDraft(env.KV, { kind, fields: textFields(formData, place), photoUrls: photos });
    session.set("petDraftId", draftId);
    // A calm notice, not an error: nothing went wrong (0033 §1).
    flashToast(context, {
      type: "info",
      title: "Falta só entrar",
      description: "Guardamos o que você preencheu. Entre na sua conta para publicar o anúncio.",
    });
    // Back to the same choice ('Encontrei um pet' is the lost form with another category).
    const aba = petAdChoiceFor(kind, formData.get("category")).aba;
    const back = `${pagePath}${pagePath.includes("?") ? "&" : "?"}aba=${aba}`;
    return redirect(`${href("/entrar")}?redirectTo=${encodeURIComponent(back)}`, 303);
  }

  const placeErrors = kind === "perdido" ? finderPlaceErrors(formData, place) : {};
  if (submission.status !== "success" || !place.ok || check.errors.length > 0 || photos.length === 0 || placeErrors.neighbourhood) {
    return {
      kind,
      result: submission.reply({
        // The account part's errors too: everything wrong is said at once (0044).
        fieldErrors: mergeFieldErrors({ photos: photoErrors }, cityErrors(place), placeErrors, account?.errors ?? {}),
        hideFields: SECRET_FIELDS,
      }),
      keptPhotos: photos,
      status: 400,
      cityChoices: place.choices,
      accountStep,
    };
  }

  // The ad can be published: only now is the visitor's account made or signed in to, so
  // that no account is left behind by an ad that could not be (docs/decisions/0044).
  let owner: { id: string } | null = user;
  if (!owner) {
    const signedIn = await accountForAd(context, request, account!);
    if (!signedIn.ok) {
      return {
        kind,
        result: submission.reply({ fieldErrors: signedIn.fieldErrors, formErrors: signedIn.formErrors, hideFields: SECRET_FIELDS }),
        keptPhotos: photos,
        status: signedIn.status,
        cityChoices: place.choices,
        accountStep: signedIn.step,
      };
    }
    owner = signedIn.user;
    if (signedIn.created) {
      // The sign-up's own words (routes/entrar.tsx).
      flashToast(context, {
        type: "success",
        title: "Cadastro realizado com sucesso",
        description: "Verifique seu e-mail para confirmar o cadastro",
      });
    }
  }

  const pet = toNewPet(kind, submission.value, place);
  const finalPhotos = await promoteDraftPhotos(imageStore(context), photos, "pets");
  // promoteDraftPhotos deleted the drafts; the session holds none now.
  session.unset("draftPhotoUrls");
  let petId: number;
  try {
    petId = await createPetWithImages(getDb(context), owner.id, pet, finalPhotos);
  } catch (error) {
    // Nothing half-saved: the batch rolled back, and the photos go too.
    await deleteImagesByUrl(env.IMAGES, finalPhotos);
    console.error("Falha ao publicar pet:", error instanceof Error ? error.message : error);
    return {
      kind,
      result: submission.reply({ formErrors: ["Não foi possível publicar seu anúncio. Tente novamente."], hideFields: SECRET_FIELDS }),
      keptPhotos: [],
      status: 400,
      cityChoices: null,
      accountStep,
    };
  }
  const draftId = session.get("petDraftId");
  if (draftId) {
    await discardDraft(env.KV, env.IMAGES, draftId, { keepPhotos: true });
    session.unset("petDraftId");
  }
  // Lost ↔ found/sighted matches and the instant alerts, on the task queue; never fails
  // the ad (docs/decisions/0025, 0046).
  if (kind === "perdido") await announceNewPet(context, petId);
  flashToast(context, {
    type: "success",
    title: "Anúncio publicado!",
    description:
      kind === "adocao"
        ? "Seu anúncio de pet para adoção foi publicado."
        : `Seu anúncio de pet ${PET_STATUS_LABELS[pet.status]!.toLowerCase()} foi publicado.`,
  });
  if (truncated) flashToast(context, { type: "info", title: IMAGE_LIMIT_MESSAGE, description: "Só as 3 primeiras fotos foram guardadas." });
  return redirect(href("/pet/:id", { id: String(petId) }), 303);
}

/** What a form page needs to show a restored draft (after sign-in) or nothing. */
export async function restoredDraft(context: RequestContext) {
  const { env } = getCloudflare(context);
  const draftId = getSession(context).get("petDraftId");
  const draft = await loadDraft(env.KV, draftId);
  if (!draft) return null;
  return {
    kind: draft.kind,
    fields: draft.fields,
    photoUrls: (await existingDraftPhotos(env.IMAGES, draft.photoUrls)).slice(0, MAX_IMAGES_PER_AD),
  };
}
