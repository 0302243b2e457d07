import { href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/perfil";
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from "~/components/icons";
import { SafeImage } from "~/components/safe-image";
import { getDb } from "~/context.server";
import { socialLink } from "~/lib/links";
import { badUrl, type ErrorScreen, notFound, withScreen } from "~/lib/not-found";
import { getPublicProfileWithOwner } from "~/models/users.server";
import { ModerationBanner, ReportLink } from "~/components/moderation";
import { getCurrentUser } from "~/platform/auth.server";
import { moderationBannerFor } from "~/services/moderation.server";
import { LIGHT_PAGE_CLIENT_MIDDLEWARE } from "~/lib/light-visit";
import { pagePolicy } from "~/lib/page-policy";

const MALFORMED = "E-mail do usuário não fornecido na URL.";
const NOT_FOUND = "Perfil não encontrado.";
// 'Perfil não encontrado.' (404) or a handle that is not one (400), in the spec's words.
const problem = (message: string): ErrorScreen => ({
  title: "Erro",
  message,
  alert: true,
  back: { to: href("/"), label: "Voltar para o início" },
});
const PUBLIC_ID = /^[0-9a-f]{16}$/;

// A light page: server HTML and our small script, for everyone (docs/decisions/0042).
export const handle = pagePolicy({ light: true });
export const clientMiddleware = LIGHT_PAGE_CLIENT_MIDDLEWARE;

// /perfil/{handle}: the profile's public id (how the site links to it), or, as the spec
// has it, an e-mail — found only when its owner confirmed it and chose to show it
// (docs/decisions/0011).
export async function loader({ params, context }: Route.LoaderArgs) {
  const handle = (params.handle ?? "").trim();
  let found = null;
  if (handle.includes("@")) {
    const email = z.email().max(254).safeParse(handle.toLowerCase());
    if (!email.success) throw badUrl(problem(MALFORMED));
    found = await getPublicProfileWithOwner(getDb(context), { email: email.data });
  } else if (PUBLIC_ID.test(handle)) {
    found = await getPublicProfileWithOwner(getDb(context), { publicId: handle });
  } else {
    throw badUrl(problem(MALFORMED));
  }
  if (!found) throw notFound(problem(NOT_FOUND));
  // Held, removed or suspended: its owner and the admins only (docs/decisions/0035).
  const { profile, ownerId, moderation } = found;
  const banner = await moderationBannerFor(context, moderation, ownerId, "perfil").catch((error: unknown) => {
    // Why it is held or removed, or (a suspended owner) only that it is not found.
    const why = (error as { data?: { error?: string | null } }).data?.error;
    throw withScreen(error, problem(why ?? NOT_FOUND));
  });
  const user = await getCurrentUser(context);
  return { profile, banner, isOwner: user?.id === ownerId };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.profile ? `${loaderData.profile.name || "Perfil"} | Patas Conectadas` : "Perfil | Patas Conectadas" },
  { name: "robots", content: "noindex" },
];

export default function Perfil({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const socials = [
    profile.facebook ? { label: "Facebook", href: socialLink("facebook", profile.facebook), Icon: FacebookIcon } : null,
    profile.instagram ? { label: "Instagram", href: socialLink("instagram", profile.instagram), Icon: InstagramIcon } : null,
  ].filter((s): s is NonNullable<typeof s> => s !== null);
  return (
    <section className="container-page max-w-2xl py-10">
      {loaderData.banner ? (
        <div className="mb-4">
          <ModerationBanner text={loaderData.banner} />
        </div>
      ) : null}
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <SafeImage
          src={profile.avatarUrl}
          kind="avatar"
          alt={profile.name || "Foto do perfil"}
          width={128}
          height={128}
          loading="eager"
          className="mx-auto size-32 rounded-full object-cover"
        />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{profile.name || "Sem nome"}</h1>
        <ul className="mt-3 space-y-1 text-slate-700">
          {profile.email ? (
            <li>
              {/* A long address wraps anywhere rather than push the page sideways (docs/decisions/0033 §12). */}
              <a
                href={`mailto:${profile.email}`}
                className="inline-flex max-w-full items-center gap-2 [overflow-wrap:anywhere] hover:text-brand-700"
              >
                <MailIcon width={16} height={16} className="shrink-0" /> {profile.email}
              </a>
            </li>
          ) : null}
          {profile.phone ? (
            <li>
              <a href={`tel:${profile.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-2 hover:text-brand-700">
                <PhoneIcon width={16} height={16} /> {profile.phone}
              </a>
            </li>
          ) : null}
        </ul>
        {profile.bio ? (
          <div className="mt-6 text-left">
            <h2 className="text-lg font-semibold text-slate-900">Sobre mim</h2>
            <p className="mt-1 whitespace-pre-line text-slate-700">{profile.bio}</p>
          </div>
        ) : null}
        {socials.length ? (
          <div className="mt-6 text-left">
            <h2 className="text-lg font-semibold text-slate-900">Perfis Sociais</h2>
            <ul className="mt-2 flex flex-wrap gap-3">
              {socials.map(({ label, href, Icon }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
                    <Icon /> {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {"isOwner" in loaderData && !loaderData.isOwner && profile.publicId ? (
        <p className="mt-4 text-center">
          <ReportLink kind="profile" id={profile.publicId} label="Denunciar este perfil" />
        </p>
      ) : null}
    </section>
  );
}
