// The city filter's inputs and its messages (docs/decisions/0032): 'Cidade' (`cidade`, any
// spelling; the server resolves it) and 'Distância' (`raio`, RADIUS_OPTIONS). Plain GET
// form fields: they work without JavaScript. Shared by the listings and the pet search.
import { Link, useLocation } from "react-router";
import { type CityFilterState, hrefWithCity } from "~/lib/city-filter";
import { RADIUS_OPTIONS } from "~/lib/place-names";

/** 'Cidade' (`cidade`) for a search's line: a label only screen readers read, the placeholder says it. */
export function CityInput({ city, id }: { city: CityFilterState; id: string }) {
  // A resolved city shows its name as we write it; anything else shows what was typed.
  const value = city.state === "found" ? city.label : city.typed;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Cidade
      </label>
      <input
        id={id}
        name="cidade"
        type="text"
        defaultValue={value}
        placeholder="Cidade"
        className="input min-w-0 flex-1"
        maxLength={120}
        autoComplete="address-level2"
      />
    </>
  );
}

/** 'Distância' (`raio`), among a page's 'Filtros'; `form` when it sits outside the form. */
export function RadiusField({ radius, id, form }: { radius: number; id: string; form?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-900">
        Distância
      </label>
      <select id={id} form={form} name="raio" defaultValue={String(radius)} className="input">
        {RADIUS_OPTIONS.map((option) => (
          <option key={option.km} value={String(option.km)}>
            {option.label}
          </option>
        ))}
      </select>
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
