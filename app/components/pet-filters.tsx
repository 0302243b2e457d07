// The pet filter panel that /pets and /buscar-pets share (docs/decisions/0033
// §7): Espécie, Porte and Sexo as checkboxes named `filter` (the search's
// own parameter), and the city where the page has no search bar to hold it. Plain GET
// form fields: they work without JavaScript.
import type { ReactNode } from "react";
import { CityFilterFields } from "~/components/city-filter";
import type { CityFilterState } from "~/lib/city-filter";
import { type FilterGroupKey, PANEL_GROUPS } from "~/lib/pet-search";

interface PetFiltersProps {
  filters: Record<FilterGroupKey, string[]>;
  /** The id of the GET form the checkboxes belong to, when they sit outside it. */
  form?: string;
  city?: CityFilterState;
  idPrefix?: string;
  children?: ReactNode;
}

export function PetFilters({ filters, form, city, idPrefix = "filtros", children }: PetFiltersProps) {
  return (
    <div className="space-y-3">
      {city ? <CityFilterFields city={city} idPrefix={idPrefix} /> : null}
      {PANEL_GROUPS.map((group) => (
        <fieldset key={group.key}>
          <legend className="text-sm font-semibold text-slate-900">{group.label}</legend>
          <div className="flex flex-wrap gap-x-4">
            {group.options.map((option) => (
              <label key={option.value} className="check-label text-sm text-slate-700">
                <input
                  type="checkbox"
                  form={form}
                  name="filter"
                  value={option.value}
                  defaultChecked={filters[group.key].includes(option.value)}
                  className="accent-brand-600"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {children}
    </div>
  );
}
