import { Form, Link, useLocation } from "react-router";
import { SafeImage } from "~/components/safe-image";
import { TabLinks } from "~/components/tabs";
import { FAVORITE_SECTIONS, type FavoriteItem, type FavoriteSection } from "~/lib/favorite-sections";

/**
 * A favourites list with its sub-tabs as links (`basePath` is the first tab's URL, the
 * others add their segment) and a remove button per item (a POST form: with JavaScript
 * the page reloads its data in place).
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
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="card flex gap-3 p-3" data-testid="favorite-item">
              <Link to={item.href} className="shrink-0" tabIndex={-1} aria-hidden="true">
                <SafeImage
                  src={item.imageUrl}
                  kind={item.imageKind}
                  alt=""
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
                {item.price ? <p className="font-bold text-brand-700">{item.price}</p> : null}
                <p className="text-sm text-slate-600">{item.details}</p>
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
    </>
  );
}
