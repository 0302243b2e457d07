import type { InputHTMLAttributes } from "react";
import { Form } from "react-router";
import { SEARCH_CATEGORIES } from "~/lib/labels";
import { RADIUS_OPTIONS } from "~/lib/place-names";

export interface SearchBarValues {
  q?: string;
  /** What the 'Cidade' input shows: the resolved "Jundiaí - SP", or what was typed. */
  cityText?: string;
  radius?: number;
  category?: string;
}

/**
 * The search bar's controls: text, city (any municipality, resolved on the server:
 * docs/decisions/0032), distance, category and the button.
 */
export function SearchBarFields({ values = {} }: { values?: SearchBarValues }) {
  return (
    <div className="grid gap-2 rounded-2xl bg-white p-3 shadow-lg ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]">
      <BarInput id="busca-q" name="q" label="O que você procura" type="search" defaultValue={values.q} placeholder="Estou procurando..." />
      <BarInput
        id="busca-cidade"
        name="cidade"
        label="Cidade"
        type="text"
        defaultValue={values.cityText}
        placeholder="Cidade (ex.: Jundiaí, SP)"
        autoComplete="address-level2"
      />
      <label className="sr-only" htmlFor="busca-raio">
        Distância
      </label>
      <select id="busca-raio" name="raio" defaultValue={String(values.radius ?? 0)} className="input">
        {RADIUS_OPTIONS.map((option) => (
          <option key={option.km} value={String(option.km)}>
            {option.label}
          </option>
        ))}
      </select>
      <CategorySelect value={values.category} labelClassName="sr-only" />
      <button type="submit" className="icon-search btn btn-primary">
        Buscar
      </button>
    </div>
  );
}

/** The pet search bar: a plain GET form to /buscar-pets, so it works without JavaScript. */
export function SearchBar({ values }: { values?: SearchBarValues }) {
  return (
    <Form method="get" action="/buscar-pets" role="search">
      <SearchBarFields values={values} />
    </Form>
  );
}

/** A text box of the bar, named by a label only screen readers read; 100 characters at most. */
function BarInput({
  id,
  label,
  ...rest
}: { id: string; name: string; label: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "defaultValue" | "placeholder" | "autoComplete"
>) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input id={id} {...rest} className="input" maxLength={100} />
    </>
  );
}

/**
 * The search's 'Categoria' (the home's bar and the search page's 'Filtros'): one id, so a
 * page has it once. `form` ties it to a form it sits outside of.
 */
export function CategorySelect({ value, labelClassName, form }: { value?: string; labelClassName: string; form?: string }) {
  return (
    <>
      <label className={labelClassName} htmlFor="busca-category">
        Categoria
      </label>
      <select id="busca-category" form={form} name="category" defaultValue={value ?? ""} className="input">
        <option value="">Todas as categorias</option>
        {SEARCH_CATEGORIES.map((category) => (
          <option key={category.value} value={category.value}>
            {category.label}
          </option>
        ))}
      </select>
    </>
  );
}
