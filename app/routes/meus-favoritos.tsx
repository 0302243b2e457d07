import { Link, redirect, href } from "react-router";
import type { Route } from "./+types/meus-favoritos";
import { FavoriteList } from "~/components/favorite-list";
import { ALL_SECTIONS, DASHBOARD_SECTIONS, sectionFromParam } from "~/lib/favorite-sections";
import { getCurrentUser } from "~/platform/auth.server";
import { loadFavoriteSection } from "~/services/favorite-lists.server";
import { favoritesOwner } from "~/services/favorites.server";
import { notFound } from "~/lib/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Meus favoritos | Patas Conectadas" }, { name: "robots", content: "noindex" }];

// Everyone's hearts, visitors included (kept on the server under their visitor cookie).
// Personal accounts have this list in their dashboard.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const section = sectionFromParam(params.tipo, ALL_SECTIONS);
  if (!section) throw notFound("Página não encontrada");
  const user = await getCurrentUser(context);
  if (user?.accountType === "personal" && (DASHBOARD_SECTIONS as string[]).includes(section)) {
    throw redirect(href("/dashboard/favoritos/:tipo?", { tipo: section === "pets" ? undefined : section }));
  }
  const owner = await favoritesOwner(context, request);
  return { section, items: await loadFavoriteSection(context, owner, section), signedIn: Boolean(user) };
}

export default function MeusFavoritosVisitante({ loaderData }: Route.ComponentProps) {
  const { section, items, signedIn } = loaderData;
  return (
    <section className="container-page max-w-4xl py-8">
      <h1 className="text-3xl font-bold text-slate-900">Meus favoritos</h1>
      {signedIn ? null : (
        <p className="mt-2 text-slate-600">
          Sem uma conta, seus favoritos ficam ligados a este navegador.{" "}
          <Link to="/entrar?redirectTo=%2Ffavoritos" className="font-semibold text-brand-700 underline">
            Entre na sua conta
          </Link>{" "}
          para levá-los a qualquer aparelho.
        </p>
      )}
      <div className="mt-6">
        <FavoriteList basePath="/meus-favoritos" sections={ALL_SECTIONS} section={section} items={items} />
      </div>
    </section>
  );
}
