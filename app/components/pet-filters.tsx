// The pet filter panel that /pets and /buscar-pets share (docs/decisions/0033
// §7): Espécie, Porte and Sexo as checkboxes named `filter` (the search's
// own parameter). The city is on the page's search line, the distance beside these in
// 'Filtros'. Plain GET form fields: they work without JavaScript.
import type { ReactNode } from "react";
import { type FilterGroupKey, PANEL_GROUPS } from "~/lib/pet-search";

interface PetFiltersProps {
  filters: Record<FilterGroupKey, string[]>;
  /** The id of the GET form the checkboxes belong to, when they sit outside it. */
  form?: string;
  children?: ReactNode;
}

export function PetFilters({ filters, form, children }: PetFiltersProps) {
  return (
    <div className="space-y-3">
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
