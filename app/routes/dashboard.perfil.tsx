import type { z } from "zod";
import { inputProps, useFormFields } from "~/components/form/form-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/dashboard.perfil";
import { ProfileForm } from "~/components/profile-form";
import { DashboardPanel } from "~/components/dashboard-panel";
import { TextareaInput, TextInput } from "~/components/form/inputs";
import { getCloudflare, getDb } from "~/context.server";
import { profileSchema } from "~/forms/profile";
import { getOwnProfile, updateProfile } from "~/models/users.server";
import { PASSWORD_ATTEMPTS_MESSAGE, requestEmailChange } from "~/services/accounts.server";
import { personalTabsFor } from "~/lib/accounts";
import { dashboardKind, guardedAccount } from "~/platform/auth.server";
import { checkImageUploads, chosenFiles, deleteImagesByUrl, imageReader, imageStore, putImages } from "~/platform/images.server";
import { RATE_LIMITED_MESSAGE } from "~/platform/rate-limit.server";
import { mergeFieldErrors } from "~/services/places.server";
import { flashToast } from "~/platform/session.server";
import { readFormData } from "~/platform/form-data.server";

const UPDATE_FAILED = "Não foi possível atualizar seu perfil.";
const EMAIL_TAKEN = "Este e-mail já está em uso por outra conta.";

export const meta: Route.MetaFunction = () => [{ title: "Meu Perfil | Patas Conectadas" }];

// Meu Perfil of the three dashboards: the account's personal profile, the one
// /perfil/{handle} shows beside its pet ads, and its sign-in e-mail. One module under
// each dashboard (app/routes.ts), guarded by the layout it is under (docs/decisions/0034).
export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const dashboard = dashboardKind(context);
  const profile = await getOwnProfile(getDb(context), user.id);
  return { profile, action: personalTabsFor(dashboard).profile, accountType: dashboard };
}

const EMAIL_CHANGE_ERRORS = {
  "wrong-password": { field: "currentPassword", message: "Senha atual incorreta." },
  // Too many wrong passwords: the session is signed out with this answer (docs/decisions/0011).
  "too-many-attempts": { field: "currentPassword", message: PASSWORD_ATTEMPTS_MESSAGE },
  "no-password": {
    field: "email",
    message: 'Sua conta entra pelo Google: defina uma senha em "Esqueci minha senha" para trocar o e-mail.',
  },
  "email-taken": { field: "email", message: EMAIL_TAKEN },
  "rate-limited": { field: "email", message: RATE_LIMITED_MESSAGE },
} as const;

const PASSWORD_MISSING = "Digite sua senha atual para trocar o e-mail.";

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedAccount(context);
  const { env } = getCloudflare(context);
  const db = getDb(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: profileSchema });
  // Spec §3: images only. One photo, checked by its bytes.
  const avatarCheck = await checkImageUploads(imageReader(context), chosenFiles(formData.getAll("avatar")), 1);

  const fail = (fieldErrors: Record<string, string[]> | undefined, status = 400) =>
    data({ result: submission.reply({ formErrors: [UPDATE_FAILED], fieldErrors, hideFields: ["currentPassword"] }) }, { status });

  // A new address without the current password is said beside the other errors, so one
  // submit shows them all (docs/decisions/0033 §14).
  const typedEmail = String(formData.get("email") ?? "")
    .trim()
    .toLowerCase();
  const passwordMissing =
    typedEmail !== "" && typedEmail !== user.email && typedEmail !== user.pendingEmail && !String(formData.get("currentPassword") ?? "");
  if (submission.status !== "success" || avatarCheck.errors.length > 0 || passwordMissing) {
    return fail(
      mergeFieldErrors(
        avatarCheck.errors.length ? { avatar: avatarCheck.errors } : {},
        passwordMissing ? { currentPassword: [PASSWORD_MISSING] } : {},
      ),
    );
  }
  const { removeAvatar, email, currentPassword, ...fields } = submission.value;

  // A new address waits for its link (docs/decisions/0011); nothing else is saved when
  // the change is refused, so the form comes back as it was typed.
  const wantsNewEmail = email !== user.email && email !== user.pendingEmail;
  if (wantsNewEmail) {
    if (!currentPassword) return fail({ currentPassword: [PASSWORD_MISSING] });
    const change = await requestEmailChange(
      context,
      request,
      { id: user.id, email: user.email, name: fields.name },
      {
        newEmail: email,
        currentPassword,
      },
    );
    if (!change.ok) {
      const { field, message } = EMAIL_CHANGE_ERRORS[change.reason];
      return fail({ [field]: [message] }, change.reason === "rate-limited" || change.reason === "too-many-attempts" ? 429 : 400);
    }
  }

  const before = await getOwnProfile(db, user.id);
  const [uploaded] = await putImages(imageStore(context), avatarCheck.images, "avatares");
  const avatarUrl = uploaded ?? (removeAvatar ? null : undefined);
  let saved = false;
  try {
    saved = await updateProfile(db, user.id, { ...fields, avatarUrl });
  } catch (error) {
    console.error("Falha ao atualizar perfil:", error instanceof Error ? error.message : error);
  }
  if (!saved) {
    await deleteImagesByUrl(env.IMAGES, [uploaded]);
    return fail(undefined, 503);
  }
  // The old photo goes once the new one (or none) is saved.
  if (avatarUrl !== undefined && before?.avatarUrl !== avatarUrl) {
    await deleteImagesByUrl(env.IMAGES, [before?.avatarUrl]);
  }
  flashToast(context, {
    type: "success",
    title: "Seu perfil foi atualizado com sucesso!",
    description: wantsNewEmail ? `Enviamos um link de confirmação para ${email}. Seu e-mail muda quando você abrir o link.` : undefined,
  });
  return redirect(personalTabsFor(dashboardKind(context)).profile, 303);
}

export default function MeuPerfil({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, action, accountType } = loaderData;
  const [form, fields] = useFormFields<z.input<typeof profileSchema>>({
    id: "perfil",
    answer: actionData?.result,
    defaults: {
      name: profile?.name ?? "",
      email: profile?.email ?? "",
      phone: profile?.phone ?? "",
      facebook: profile?.facebook ?? "",
      instagram: profile?.instagram ?? "",
      bio: profile?.bio ?? "",
      showEmail: profile?.showEmail ? "on" : undefined,
      showPhone: profile?.showPhone ? "on" : undefined,
    },
  });
  if (!profile) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
        Não foi possível carregar seu perfil.
      </div>
    );
  }
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  return (
    <DashboardPanel
      title="Meu Perfil"
      aside={
        <Link
          to={href("/perfil/:handle", { handle: profile.publicId ?? "" })}
          className="tap-link text-sm font-semibold text-brand-700 underline"
        >
          Ver meu perfil público
        </Link>
      }
    >
      {accountType === "personal" ? null : (
        <p className="mt-1 text-sm text-slate-600">
          Quem vê os seus anúncios de pets encontra este perfil. Os dados{" "}
          {accountType === "ngo" ? "da ONG ficam em Perfil da ONG" : "da empresa ficam em Perfil da Empresa"}.
        </p>
      )}
      <ProfileForm form={form} action={action} picture="avatar" current={profile.avatarUrl} removeField={fields.removeAvatar}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput meta={f.name!} label="Nome" autoComplete="name" required />
          <TextInput meta={f.email!} label="E-mail" type="email" autoComplete="email" required />
          <TextInput
            meta={f.currentPassword!}
            label="Senha atual (só para trocar o e-mail)"
            type="password"
            autoComplete="current-password"
          />
          <TextInput meta={f.phone!} label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 98765-4321" />
          <TextInput meta={f.facebook!} label="Facebook" placeholder="facebook.com/seu.perfil" />
          <TextInput meta={f.instagram!} label="Instagram" placeholder="@seuperfil" />
        </div>
        <TextareaInput meta={f.bio!} label="Sobre mim" rows={4} />
        <fieldset className="space-y-2 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">No meu perfil público</legend>
          <p className="text-xs text-slate-600">
            Seu nome, foto, "Sobre mim" e redes sociais aparecem no perfil público. E-mail e telefone só aparecem se você marcar abaixo (o
            e-mail, só depois de confirmado).
          </p>
          <label className="check-label text-sm text-slate-700">
            <input {...inputProps(fields.showEmail, { type: "checkbox" })} className="accent-brand-600" />
            Mostrar meu e-mail
          </label>
          <label className="check-label text-sm text-slate-700">
            <input {...inputProps(fields.showPhone, { type: "checkbox" })} className="accent-brand-600" />
            Mostrar meu telefone
          </label>
        </fieldset>
      </ProfileForm>
    </DashboardPanel>
  );
}
