import type { Route } from "./+types/clinicas";
import { ClinicCard } from "~/components/cards/clinic-card";
import { ListingPage } from "~/components/listing-page";
import { getDb } from "~/context.server";
import { pageCount, pageFromUrl } from "~/lib/pagination";
import { pluralize } from "~/lib/text";
import { listClinicsPage } from "~/models/listings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Todas as Clínicas | Patas Conectadas" },
  { name: "description", content: "Clínicas, hospitais e consultórios veterinários." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(new URL(request.url));
  return { ...(await listClinicsPage(getDb(context), page)), page };
}

export default function Clinicas({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  return (
    <ListingPage
      title="Todas as Clínicas"
      subtitle={pluralize(total, "clínica cadastrada", "clínicas cadastradas")}
      emptyMessage="Nenhuma clínica encontrada."
      isEmpty={items.length === 0}
      page={page}
      totalPages={pageCount(total)}
    >
      {items.map((clinic) => (
        <ClinicCard key={clinic.id} clinic={clinic} />
      ))}
    </ListingPage>
  );
}
