import type { z } from "zod";
import { useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/empresa.dashboard.perfil";
import { ProfileForm } from "~/components/profile-form";
import { TextareaInput, TextInput } from "~/components/form/inputs";
import { getCloudflare, getDb } from "~/context.server";
import { companyProfileSchema } from "~/forms/company-profile";
import { formatCnpj, isValidCnpj, normalizeCnpj } from "~/lib/cnpj";
import { getCompany, isCnpjHeldByAnother, updateCompanyProfile } from "~/models/companies.server";
import { checkCurrentPassword, cnpjHeldMessage, PASSWORD_ATTEMPTS_MESSAGE } from "~/services/accounts.server";
import { guardedAccount } from "~/platform/auth.server";
import { readFormData } from "~/platform/form-data.server";
import { checkImageUploads, chosenFiles, deleteImagesByUrl, imageReader, imageStore, putImages } from "~/platform/images.server";
import { mergeFieldErrors } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { notFound } from "~/lib/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Perfil da Empresa | Patas Conectadas" }];

const UPDATE_FAILED = "Não foi possível atualizar as informações da empresa.";

// A new CNPJ asks for the current password (docs/decisions/0028).
const PASSWORD_ERRORS = {
  missing: "Digite sua senha atual para trocar o CNPJ.",
  "wrong-password": "Senha atual incorreta.",
  // Too many wrong passwords: the session is signed out with this answer (docs/decisions/0011).
  "too-many-attempts": PASSWORD_ATTEMPTS_MESSAGE,
  "no-password": 'Sua conta entra pelo Google: defina uma senha em "Esqueci minha senha" para trocar o CNPJ.',
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const company = await getCompany(getDb(context), user.id);
  if (!company) throw notFound({ title: "Erro", message: "Não foi possível carregar os dados da sua empresa.", alert: true });
  const { companyName, cnpj, email, phone, address, website, description, logoUrl } = company;
  return { company: { companyName, cnpj: formatCnpj(cnpj), email, phone, address, website, description, logoUrl } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: companyProfileSchema });
  const logoCheck = await checkImageUploads(imageReader(context), chosenFiles(formData.getAll("logo")), 1);
  const fail = (fieldErrors?: Record<string, string[]>, status = 400) =>
    data({ result: submission.reply({ formErrors: [UPDATE_FAILED], fieldErrors, hideFields: ["currentPassword"] }) }, { status });

  const before = await getCompany(db, user.id);
  if (!before) return fail(undefined, 404);
  // A new CNPJ's checks run beside the form's, so one submit shows every error
  // (docs/decisions/0033 §14); before the logo is stored, so a refusal writes
  // nothing (docs/decisions/0028).
  const typedCnpj = String(formData.get("cnpj") ?? "").trim();
  const newCnpj = isValidCnpj(typedCnpj) && normalizeCnpj(typedCnpj) !== before.cnpj ? normalizeCnpj(typedCnpj) : null;
  const cnpjErrors: Record<string, string[]> = {};
  let tooManyAttempts = false;
  if (newCnpj) {
    const currentPassword = String(formData.get("currentPassword") ?? "");
    const password = currentPassword
      ? await checkCurrentPassword(context, user.id, currentPassword)
      : ({ ok: false, reason: "missing" } as const);
    if (!password.ok) cnpjErrors.currentPassword = [PASSWORD_ERRORS[password.reason]];
    else if (await isCnpjHeldByAnother(db, newCnpj, user.id)) cnpjErrors.cnpj = [cnpjHeldMessage(env)];
    tooManyAttempts = !password.ok && password.reason === "too-many-attempts";
  }
  if (submission.status !== "success" || logoCheck.errors.length > 0 || Object.keys(cnpjErrors).length > 0) {
    return fail(mergeFieldErrors(logoCheck.errors.length ? { logo: logoCheck.errors } : {}, cnpjErrors), tooManyAttempts ? 429 : 400);
  }
  const { removeLogo, currentPassword: _currentPassword, ...fields } = submission.value;
  const [uploaded] = await putImages(imageStore(context), logoCheck.images, "logos");
  const logoUrl = uploaded ?? (removeLogo ? null : undefined);
  const result = await updateCompanyProfile(db, user.id, { ...fields, logoUrl });
  if (!result.ok) {
    await deleteImagesByUrl(env.IMAGES, [uploaded]);
    return result.reason === "cnpj-taken" ? fail({ cnpj: [cnpjHeldMessage(env)] }) : fail(undefined, 404);
  }
  // The old logo goes once the new one (or none) is saved.
  if (logoUrl !== undefined && before?.logoUrl !== logoUrl) await deleteImagesByUrl(env.IMAGES, [before?.logoUrl]);
  flashToast(context, { type: "success", title: "Perfil atualizado!", description: "Suas informações foram salvas com sucesso" });
  return redirect("/empresa/dashboard/perfil", 303);
}

export default function PerfilDaEmpresa({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = loaderData;
  const [form, fields] = useFormFields<z.input<typeof companyProfileSchema>>({
    id: "perfil-empresa",
    answer: actionData?.result,
    defaults: {
      companyName: company.companyName,
      cnpj: company.cnpj,
      email: company.email,
      phone: company.phone ?? "",
      address: company.address ?? "",
      website: company.website ?? "",
      description: company.description ?? "",
    },
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">Perfil da Empresa</h2>
      <ProfileForm form={form} action="/empresa/dashboard/perfil" picture="logo" current={company.logoUrl} removeField={fields.removeLogo}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput meta={f.companyName!} label="Nome da Empresa" autoComplete="organization" required />
          <TextInput meta={f.cnpj!} label="CNPJ" inputMode="text" required />
          <TextInput
            meta={f.currentPassword!}
            label="Senha atual"
            hint="Só para trocar o CNPJ."
            type="password"
            autoComplete="current-password"
          />
          <TextInput meta={f.email!} label="E-mail" type="email" autoComplete="email" required />
          <TextInput meta={f.phone!} label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 3456-7890" required />
          <TextInput meta={f.address!} label="Endereço" autoComplete="street-address" required />
          <TextInput meta={f.website!} label="Site" placeholder="www.suaempresa.com.br" />
        </div>
        <TextareaInput meta={f.description!} label="Descrição" rows={4} required />
      </ProfileForm>
    </div>
  );
}
