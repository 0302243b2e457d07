import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/empresa.dashboard.clinicas.nova";
import { TitledSection } from "~/components/titled-section";
import { ClinicForm, PremiumClinicNotice } from "~/components/clinic-form";
import { clinicSchema } from "~/forms/clinic";
import { readFormData } from "~/platform/form-data.server";
import { checkClinicImage, CLINIC_UPDATE_ERROR, clinicPlan, saveClinic } from "~/services/clinics.server";
import { getDb } from "~/context.server";
import { cityErrors, mergeFieldErrors, resolveCityField } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { guardedAccount } from "~/platform/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Nova Clínica | Patas Conectadas" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { premium: (await clinicPlan(context, guardedAccount(context).id)) === "premium" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const plan = await clinicPlan(context, user.id);
  // Premium only, on the server (docs/decisions/0015): nothing is read or written.
  if (plan !== "premium") return data({ result: undefined, premiumRequired: true, cityChoices: null }, { status: 403 });
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: clinicSchema });
  const place = await resolveCityField(getDb(context), formData);
  const image = await checkClinicImage(context, formData);
  if (submission.status !== "success" || !place.ok || image.errors.length > 0) {
    const fieldErrors = mergeFieldErrors({ image: image.errors }, cityErrors(place));
    return data({ result: submission.reply({ fieldErrors }), premiumRequired: false, cityChoices: place.choices }, { status: 400 });
  }
  const saved = await saveClinic(context, { userId: user.id }, submission.value, place, image.image);
  if (!saved.ok) {
    return data(
      { result: submission.reply({ formErrors: [saved.message ?? CLINIC_UPDATE_ERROR] }), premiumRequired: false, cityChoices: null },
      { status: 500 },
    );
  }
  flashToast(context, { type: "success", title: "Clínica cadastrada", description: "Agora adicione os veterinários da clínica." });
  return redirect(href("/empresa/dashboard/clinicas/:id/editar", { id: String(saved.id) }), 303);
}

export default function NovaClinica({ loaderData, actionData }: Route.ComponentProps) {
  const premium = loaderData.premium && !actionData?.premiumRequired;
  return (
    <TitledSection id="nova-clinica-titulo" title="Nova Clínica" className="mt-6 space-y-4">
      {premium ? <ClinicForm action={href("/empresa/dashboard/clinicas/nova")} answer={actionData} /> : <PremiumClinicNotice />}
    </TitledSection>
  );
}
