// Under an adoption search that found no pet: the NGOs near the searched city
// (docs/decisions/0047), as the ONGs listing shows them, and the way to all of them.
import { Link } from "react-router";
import { OrganizationCard, type OrganizationCardData } from "~/components/cards/organization-card";

export function NearbyOrganizations({ offer }: { offer: { place: string; items: OrganizationCardData[]; allPath: string } }) {
  return (
    <section aria-labelledby="ongs-perto" className="mt-6 text-left" data-testid="nearby-organizations">
      <h2 id="ongs-perto" className="text-lg font-semibold text-slate-900">
        ONGs perto de {offer.place}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Estas ONGs e protetores da região cuidam de animais que esperam uma família. Fale com eles.
      </p>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {offer.items.map((organization) => (
          <OrganizationCard key={organization.id} organization={organization} />
        ))}
      </div>
      <Link to={offer.allPath} className="tap-link mt-2 text-sm font-semibold text-brand-700 underline">
        Ver todas as ONGs da região
      </Link>
    </section>
  );
}
