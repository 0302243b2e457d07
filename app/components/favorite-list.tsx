import { Form, Link, useLocation } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { ItemCard } from "~/components/cards/item-card";
import { TabLinks } from "~/components/tabs";
import { FAVORITE_SECTIONS, type FavoriteItem, type FavoriteSection } from "~/lib/favorite-sections";

/**
 * A favourites list with its sub-tabs as links (`basePath` is the first tab's URL, the
 * others add their segment): the listings' card (docs/decisions/0041) with a remove button
 * for its foot (a POST form: with JavaScript the page reloads its data in place).
 */
export function FavoriteList({
  basePath,
  sections,
  section,
  items,
}: {
  basePath: string;
  sections: FavoriteSection[];
  section: FavoriteSection;
  items: FavoriteItem[];
}) {
  const current = FAVORITE_SECTIONS[section];
  const location = useLocation();
  return (
    <>
      <TabLinks
        label="Tipos de favoritos"
        tabs={sections.map((key, index) => ({
          to: index === 0 ? basePath : `${basePath}/${key}`,
          label: FAVORITE_SECTIONS[key].label,
          active: key === section,
        }))}
      />
      {items.length === 0 ? (
        <div className="mt-5 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">{current.empty}</p>
          <Link to={current.explore.to} className="btn btn-outline mt-4">
            {current.explore.label}
          </Link>
        </div>
      ) : (
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <ItemCard
              key={item.id}
              anchor={`favorito-${item.id}`}
              testId="favorite-item"
              name={item.name}
              path={item.href}
              // Things (not pets) give the photo alt="": the heading right below names it.
              photo={<CardPhoto src={item.imageUrl} kind={item.imageKind} alt={item.imageKind === "pet" ? `Foto de ${item.name}` : ""} />}
              actions={
                <Form method="post" action="/favoritos">
                  <input type="hidden" name="tipo" value={current.kind} />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="favorito" value="0" />
                  <input type="hidden" name="voltar" value={`${location.pathname}${location.search}`} />
                  <button
                    type="submit"
                    className="inline-flex min-h-11 items-center text-sm font-semibold text-red-700 hover:underline"
                    aria-label={`Remover ${item.name} dos favoritos`}
                  >
                    Remover
                  </button>
                </Form>
              }
            >
              {item.price ? <p className="font-bold text-brand-700">{item.price}</p> : null}
              <p>{item.details}</p>
            </ItemCard>
          ))}
        </div>
      )}
    </>
  );
}
