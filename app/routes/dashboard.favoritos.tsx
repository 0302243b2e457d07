import { Link } from "react-router";
import type { Route } from "./+types/dashboard.favoritos";
import { FavoriteList } from "~/components/favorite-list";
import { DASHBOARD_SECTIONS, sectionFromParam } from "~/lib/favorite-sections";
import { guardedAccount } from "~/platform/auth.server";
import { loadFavoriteSection } from "~/services/favorite-lists.server";
import { notFound } from "~/lib/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Meus Favoritos | Patas Conectadas" }];

// Spec §2: sub-tabs Pets, Produtos, ONGs (/dashboard/favoritos, …/produtos, …/ongs).
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedAccount(context);
  const section = sectionFromParam(params.tipo, DASHBOARD_SECTIONS);
  if (!section) throw notFound("Página não encontrada");
  return { section, items: await loadFavoriteSection(context, { type: "user", id: user.id }, section) };
}

export default function MeusFavoritos({ loaderData }: Route.ComponentProps) {
  const { section, items } = loaderData;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-4 text-xl font-bold text-slate-900">Meus Favoritos</h2>
      <FavoriteList basePath="/dashboard/favoritos" sections={DASHBOARD_SECTIONS} section={section} items={items} />
      <p className="mt-5 text-sm text-slate-600">
        Também favoritou eventos ou clínicas?{" "}
        <Link to="/meus-favoritos/eventos" className="font-semibold text-brand-700 underline">
          Eventos favoritos
        </Link>{" "}
        ·{" "}
        <Link to="/meus-favoritos/clinicas" className="font-semibold text-brand-700 underline">
          Clínicas favoritas
        </Link>
      </p>
    </div>
  );
}
