// The city filter's inputs and its messages (docs/decisions/0032): 'Cidade' (`cidade`, any
// spelling; the server resolves it) and 'Distância' (`raio`, RADIUS_OPTIONS). Plain GET
// form fields: they work without JavaScript. Shared by the listings and the pet search.
import { Form, Link, useLocation } from "react-router";
import { type CityFilterState, hrefWithCity } from "~/lib/city-filter";
import { RADIUS_OPTIONS } from "~/lib/place-names";

/** The two inputs, for a GET form of the page (`idPrefix` keeps ids unique). */
export function CityFilterFields({ city, idPrefix = "filtro" }: { city: CityFilterState; idPrefix?: string }) {
  // A resolved city shows its name as we write it; anything else shows what was typed.
  const value = city.state === "found" ? city.label : city.typed;
  return (
    <div className="flex flex-wrap gap-2">
      <div className="flex min-w-0 flex-1 flex-col">
        <label htmlFor={`${idPrefix}-cidade`} className="text-sm font-medium text-slate-700">
          Cidade
        </label>
        <input
          id={`${idPrefix}-cidade`}
          name="cidade"
          type="text"
          defaultValue={value}
          placeholder="Ex.: Jundiaí, SP"
          className="input min-w-0"
          maxLength={120}
          autoComplete="address-level2"
        />
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${idPrefix}-raio`} className="text-sm font-medium text-slate-700">
          Distância
        </label>
        <select id={`${idPrefix}-raio`} name="raio" defaultValue={String(city.radius)} className="input">
          {RADIUS_OPTIONS.map((option) => (
            <option key={option.km} value={String(option.km)}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * What the page says about the city: a choice between municipalities of the same name
 * (links that keep the other filters), or that the city was not found. Nothing otherwise.
 */
export function CityFilterNotice({ city }: { city: CityFilterState }) {
  const location = useLocation();
  if (city.state === "ambiguous") {
    return (
      <div role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
        <p>Há mais de uma cidade com esse nome. Qual delas?</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {city.candidates.map((choice) => (
            <li key={choice.param}>
              <Link to={hrefWithCity(location, choice.param)} className="font-medium text-brand-700 underline">
                {choice.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (city.state === "unknown") {
    return (
      <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
        Não encontramos a cidade “{city.typed}”. Confira o nome (por exemplo: Jundiaí, SP). Mostrando resultados de todas as cidades.
      </p>
    );
  }
  return null;
}

/** A GET form with the city filter alone (/eventos), keeping the page's other filters. */
export function CityFilterForm({ city, keep = {} }: { city: CityFilterState; keep?: Record<string, string> }) {
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} className="flex max-w-xl flex-wrap items-end gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <CityFilterFields city={city} />
      </div>
      <button type="submit" className="btn btn-primary">
        Filtrar
      </button>
      {city.state !== "none" ? (
        <Link to={{ pathname, search: new URLSearchParams(keep).toString() }} className="btn btn-ghost">
          Limpar
        </Link>
      ) : null}
    </Form>
  );
}
