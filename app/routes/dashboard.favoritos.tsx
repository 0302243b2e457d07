import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/dashboard.favoritos";
import { SafeImage } from "~/components/safe-image";
import { TabLinks } from "~/components/tabs";
import { getCloudflare, getDb } from "~/context.server";
import { formatBRL } from "~/lib/format";
import { labelOf, ORGANIZATION_TYPE_LABELS, PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import { dropMissingFavorites, readFavorites } from "~/models/favorites.server";
import { getOrganizationCardsByIds } from "~/models/organizations.server";
import { getPetCardsByIds } from "~/models/pets.server";
import { getProductCardsByIds } from "~/models/products.server";
import { requireAccountType } from "~/services/auth.server";

// The sub-tabs are URLs: /dashboard/favoritos, /dashboard/favoritos/produtos, …/ongs.
const SECTIONS = {
  pets: {
    kind: "pets",
    label: "Pets",
    empty: "Você ainda não adicionou nenhum pet aos favoritos.",
    explore: { to: "/pets", label: "Explorar pets" },
  },
  produtos: {
    kind: "products",
    label: "Produtos",
    empty: "Você ainda não adicionou nenhum produto aos favoritos.",
    explore: { to: "/produtos", label: "Explorar produtos" },
  },
  ongs: {
    kind: "organizations",
    label: "ONGs",
    empty: "Você ainda não adicionou nenhuma ONG aos favoritos.",
    explore: { to: "/ongs", label: "Explorar ONGs" },
  },
} as const;
type Section = keyof typeof SECTIONS;

interface FavoriteItem {
  id: number;
  name: string;
  href: string;
  imageUrl: string | null;
  imageKind: "pet" | "product" | "organization";
  details: string;
}

export const meta: Route.MetaFunction = () => [{ title: "Meus Favoritos | Patas Conectadas" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireAccountType(context, request, "personal");
  const section = (params.tipo ?? "pets") as Section;
  if (!Object.hasOwn(SECTIONS, section) || params.tipo === "pets") {
    throw data("Página não encontrada", { status: 404 });
  }
  const { env, ctx } = getCloudflare(context);
  const db = getDb(context);
  const owner = { type: "user" as const, id: user.id };
  const { kind } = SECTIONS[section];
  const ids = (await readFavorites(env.KV, owner))[kind];

  // Resolved from D1 (never from sample data, unlike the spec's product).
  let items: FavoriteItem[];
  if (kind === "pets") {
    items = (await getPetCardsByIds(db, ids)).map((pet) => ({
      id: pet.id,
      name: pet.name,
      href: `/pet/${pet.id}`,
      imageUrl: pet.mainImageUrl,
      imageKind: "pet",
      details: [labelOf(PET_STATUS_LABELS, pet.status), labelOf(PET_SPECIES_LABELS, pet.type), pet.location].join(" · "),
    }));
  } else if (kind === "products") {
    items = (await getProductCardsByIds(db, ids)).map((product) => ({
      id: product.id,
      name: product.title,
      href: `/produto/${product.id}`,
      imageUrl: product.mainImageUrl,
      imageKind: "product",
      details: formatBRL(product.priceCents),
    }));
  } else {
    items = (await getOrganizationCardsByIds(db, ids)).map((organization) => ({
      id: organization.id,
      name: organization.name,
      href: `/ong/${organization.id}`,
      imageUrl: organization.mainImageUrl,
      imageKind: "organization",
      details: [labelOf(ORGANIZATION_TYPE_LABELS, organization.type), organization.location].join(" · "),
    }));
  }
  // Ids of items deleted since they were favourited drop out of the stored list.
  const found = new Set(items.map((item) => item.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) ctx.waitUntil(dropMissingFavorites(env.KV, owner, kind, missing).catch(() => {}));
  return { section, items };
}

export default function MeusFavoritos({ loaderData }: Route.ComponentProps) {
  const { section, items } = loaderData;
  const current = SECTIONS[section];
  const location = useLocation();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">Meus Favoritos</h2>
      <div className="mt-4">
        <TabLinks
          label="Tipos de favoritos"
          tabs={(Object.keys(SECTIONS) as Section[]).map((key) => ({
            to: key === "pets" ? "/dashboard/favoritos" : `/dashboard/favoritos/${key}`,
            label: SECTIONS[key].label,
            active: key === section,
          }))}
        />
      </div>
      {items.length === 0 ? (
        <div className="mt-5 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">{current.empty}</p>
          <Link to={current.explore.to} className="btn btn-outline mt-4">
            {current.explore.label}
          </Link>
        </div>
      ) : (
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="card flex gap-3 p-3" data-testid="favorite-item">
              <Link to={item.href} className="shrink-0">
                <SafeImage
                  src={item.imageUrl}
                  kind={item.imageKind}
                  alt={item.name}
                  width={96}
                  height={96}
                  className="size-24 rounded-lg bg-slate-100 object-cover"
                />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h3 className="font-semibold text-slate-900">
                  <Link to={item.href} className="hover:text-brand-700">
                    {item.name}
                  </Link>
                </h3>
                <p className={item.imageKind === "product" ? "font-bold text-brand-700" : "text-sm text-slate-600"}>
                  {item.details}
                </p>
                <Form method="post" action="/favoritos" className="mt-auto">
                  <input type="hidden" name="tipo" value={current.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="favorito" value="0" />
                  <input type="hidden" name="voltar" value={`${location.pathname}${location.search}`} />
                  <button
                    type="submit"
                    className="text-sm font-semibold text-red-700 hover:underline"
                    aria-label={`Remover ${item.name} dos favoritos`}
                  >
                    Remover
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
