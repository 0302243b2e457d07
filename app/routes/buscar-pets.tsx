import { Link, redirect } from "react-router";
import type { Route } from "./+types/buscar-pets";
import { PetCard } from "~/components/cards/pet-card";
import { Pagination } from "~/components/pagination";
import { SearchBar } from "~/components/search-bar";
import { getDb } from "~/context.server";
import { CITIES } from "~/lib/labels";
import { PAGE_SIZE, pageCount, pageFromUrl } from "~/lib/pagination";
import { searchPets } from "~/models/pets.server";

export const meta: Route.MetaFunction = () => [
  { title: "Buscar Pets | Patas Conectadas" },
  { name: "description", content: "Busque pets perdidos, encontrados e para adoção." },
];

// Categories that are not pets live on their own listing pages.
const CATEGORY_PAGES: Record<string, string> = {
  ongs: "/ongs",
  produtos: "/produtos",
  clinicas: "/clinicas",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const category = url.searchParams.get("category") ?? "";
  const locationParam = url.searchParams.get("location") ?? "";
  const location = CITIES.find((city) => city === locationParam) ?? "";

  const elsewhere = CATEGORY_PAGES[category];
  if (elsewhere) {
    throw redirect(q ? `${elsewhere}?q=${encodeURIComponent(q)}` : elsewhere);
  }
  const status = category === "perdido" || category === "adocao" ? category : undefined;
  const page = pageFromUrl(url);
  const result = await searchPets(getDb(context), {
    q: q || undefined,
    location: location || undefined,
    status,
    page,
    pageSize: PAGE_SIZE,
  });
  return { ...result, page, values: { q, location, category: status ?? "" } };
}

export default function BuscarPets({ loaderData }: Route.ComponentProps) {
  const { items, matching, total, page, values } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">Buscar Pets</h1>
      <div className="mt-4">
        <SearchBar values={values} />
      </div>
      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {matching} de {total} pets encontrados
      </p>
      {items.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">Nenhum pet encontrado.</p>
          <Link to="/buscar-pets" className="btn btn-outline mt-4">
            Limpar filtros
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {items.map((pet) => (
            <PetCard key={pet.id} pet={pet} />
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={pageCount(matching)} />
    </div>
  );
}
