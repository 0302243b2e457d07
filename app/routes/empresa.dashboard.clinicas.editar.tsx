import type { FormAnswer } from "~/components/form/form-fields";
import { ErrorSummary } from "~/components/form/error-summary";
import { parseWithZod } from "@conform-to/zod/v4";
import { forgetPage } from "~/platform/edge-cache.server";
import { data, Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/empresa.dashboard.clinicas.editar";
import { ClinicForm, PremiumClinicNotice } from "~/components/clinic-form";
import { Field, RequiredLegend } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { getDb } from "~/context.server";
import { clinicSchema, veterinarianSchema } from "~/forms/clinic";
import { parseId } from "~/lib/links";
import { addVeterinarianForOwner, getOwnedClinic, removeVeterinarianForOwner } from "~/models/clinics.server";
import { readFormData } from "~/platform/form-data.server";
import { checkClinicImage, CLINIC_UPDATE_ERROR, clinicPlan, saveClinic } from "~/services/clinics.server";
import { type CityChoices, cityErrors, mergeFieldErrors, resolveCityField, storedCity } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { notFound } from "~/lib/not-found";
import { OWNED_NOT_FOUND } from "~/lib/not-found-screens";
import { guardedAccount } from "~/platform/auth.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.clinic ? `Editar ${loaderData.clinic.name}` : "Editar clínica"} | Patas Conectadas` },
];

const MAX_VETERINARIANS = 50;

/** The owned clinic, or a 404 (a clinic of another company is not found either). */
async function ownedClinicOr404(params: Route.LoaderArgs["params"], userId: string, context: Route.LoaderArgs["context"]) {
  const id = parseId(params.id);
  const clinic = id ? await getOwnedClinic(getDb(context), { id, userId }) : null;
  if (!clinic) throw notFound(OWNED_NOT_FOUND.clinic);
  return clinic;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const [plan, clinic] = await Promise.all([clinicPlan(context, user.id), ownedClinicOr404(params, user.id, context)]);
  // Cidade and Bairro from the stored text (docs/decisions/0032, Forms).
  return { premium: plan === "premium", clinic, city: await storedCity(getDb(context), clinic) };
}

type VetReply = { errors: Record<string, string[] | undefined>; values: { vetName: string; vetSpecialty: string } };

function reply(
  fields: { result?: FormAnswer; vet?: VetReply; premiumRequired?: boolean; cityChoices?: CityChoices | null },
  status: number,
) {
  return data(
    {
      result: fields.result,
      vet: fields.vet ?? null,
      premiumRequired: fields.premiumRequired ?? false,
      cityChoices: fields.cityChoices ?? null,
    },
    { status },
  );
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const plan = await clinicPlan(context, user.id);
  // Premium only, on the server (docs/decisions/0015): nothing is read or written.
  if (plan !== "premium") return reply({ premiumRequired: true }, 403);
  const clinic = await ownedClinicOr404(params, user.id, context);
  const owned = { id: clinic.id, userId: user.id };
  const editPath = href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) });
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "adicionar-veterinario") {
    const values = { vetName: text(formData.get("vetName")), vetSpecialty: text(formData.get("vetSpecialty")) };
    const parsed = veterinarianSchema.safeParse(values);
    if (!parsed.success) return reply({ vet: { errors: z.flattenError(parsed.error).fieldErrors, values } }, 400);
    if (clinic.veterinarians.length >= MAX_VETERINARIANS) {
      return reply({ vet: { errors: { vetName: [`Limite de ${MAX_VETERINARIANS} veterinários por clínica.`] }, values } }, 400);
    }
    // Ownership is part of the INSERT itself (INSERT … SELECT from the owned clinic).
    await addVeterinarianForOwner(getDb(context), owned, { name: parsed.data.vetName, specialty: parsed.data.vetSpecialty });
    forgetPage(context, request, "clinic", clinic.id);
    flashToast(context, { type: "success", title: "Clínica atualizada", description: "Veterinário adicionado." });
    return redirect(`${editPath}#veterinarios`, 303);
  }

  if (intent === "remover-veterinario") {
    const vetId = parseId(text(formData.get("vetId")));
    const removed = vetId ? await removeVeterinarianForOwner(getDb(context), owned, vetId) : false;
    if (removed) forgetPage(context, request, "clinic", clinic.id);
    flashToast(
      context,
      removed
        ? { type: "success", title: "Clínica atualizada", description: "Veterinário removido." }
        : { type: "info", title: "Este veterinário já tinha sido removido." },
    );
    return redirect(`${editPath}#veterinarios`, 303);
  }

  const submission = parseWithZod(formData, { schema: clinicSchema });
  const place = await resolveCityField(getDb(context), formData);
  const image = await checkClinicImage(context, formData);
  if (submission.status !== "success" || !place.ok || image.errors.length > 0) {
    const fieldErrors = mergeFieldErrors({ image: image.errors }, cityErrors(place));
    return reply({ result: submission.reply({ fieldErrors }), cityChoices: place.choices }, 400);
  }
  const saved = await saveClinic(
    context,
    { userId: user.id, id: clinic.id, currentImage: clinic.mainImageUrl },
    submission.value,
    place,
    image.image,
  );
  if (!saved.ok) {
    if (saved.reason === "not-found") throw notFound(OWNED_NOT_FOUND.clinic);
    return reply({ result: submission.reply({ formErrors: [saved.message ?? CLINIC_UPDATE_ERROR] }) }, 500);
  }
  forgetPage(context, request, "clinic", clinic.id);
  flashToast(context, { type: "success", title: "Clínica atualizada", description: "As alterações foram salvas." });
  return redirect(href("/empresa/dashboard/clinicas"), 303);
}

export default function EditarClinica({ loaderData, actionData }: Route.ComponentProps) {
  const { clinic, premium, city } = loaderData;
  if (!premium || actionData?.premiumRequired) {
    return (
      <section className="mt-6 space-y-4">
        <h2 className="text-xl font-bold text-slate-900">Editar clínica</h2>
        <PremiumClinicNotice />
      </section>
    );
  }
  const action = href("/empresa/dashboard/clinicas/:id/editar", { id: String(clinic.id) });
  const vet = actionData?.vet ?? null;
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby="editar-clinica-titulo" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="editar-clinica-titulo" className="text-xl font-bold text-slate-900">
            Editar {clinic.name}
          </h2>
          <Link to={href("/clinica/:id", { id: String(clinic.id) })} className="text-sm font-medium text-brand-700 underline">
            Ver página da clínica
          </Link>
        </div>
        <ClinicForm action={action} clinic={{ ...clinic, ...city }} answer={actionData} />
      </section>

      <section
        id="veterinarios"
        aria-labelledby="veterinarios-titulo"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="veterinarios-titulo" className="text-xl font-bold text-slate-900">
          Veterinários
        </h2>
        {clinic.veterinarians.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum veterinário cadastrado nesta clínica.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Veterinários da clínica">
            {clinic.veterinarians.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="veterinario">
                <span>
                  <span className="font-medium text-slate-900">{v.name}</span>
                  {v.specialty ? <span className="block text-sm text-slate-600">{v.specialty}</span> : null}
                </span>
                {/* One small form per veterinarian: works without JavaScript. */}
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="remover-veterinario" />
                  <input type="hidden" name="vetId" value={v.id} />
                  <button type="submit" className="btn border border-red-300 text-red-700 hover:bg-red-50" aria-label={`Remover ${v.name}`}>
                    Remover
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {/* Keyed by the list: after an addition the fields start empty again (with JavaScript). */}
        <Form
          key={clinic.veterinarians.map((v) => v.id).join("-")}
          method="post"
          action={action}
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="adicionar-veterinario" />
          <div className="sm:col-span-3">
            <ErrorSummary
              title="Não foi possível adicionar"
              errors={Object.entries(vet?.errors ?? {}).flatMap(([name, messages]) =>
                messages?.length ? [{ message: messages[0]!, fieldId: name === "vetName" ? "vet-name" : "vet-specialty" }] : [],
              )}
            />
          </div>
          <div className="sm:col-span-3">
            <RequiredLegend />
          </div>
          <Field id="vet-name" label="Nome do veterinário" errors={vet?.errors.vetName} errorId="vet-name-error" required>
            <input
              id="vet-name"
              name="vetName"
              className="input"
              aria-required
              maxLength={100}
              defaultValue={vet?.values.vetName}
              aria-invalid={vet?.errors.vetName ? true : undefined}
              aria-describedby={vet?.errors.vetName ? "vet-name-error" : undefined}
            />
          </Field>
          <Field id="vet-specialty" label="Especialidade" errors={vet?.errors.vetSpecialty} errorId="vet-specialty-error">
            <input id="vet-specialty" name="vetSpecialty" className="input" maxLength={100} defaultValue={vet?.values.vetSpecialty} />
          </Field>
          <SubmitButton busyLabel="Adicionando..." className="btn btn-primary">
            Adicionar veterinário
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
