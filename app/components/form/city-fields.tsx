// 'Cidade' and 'Bairro ou referência' (docs/decisions/0032, Forms). Without JavaScript: two
// text fields, and, when the server found the name in several states, a radio list of
// them. With JavaScript, a <datalist> suggests municipalities from /municipios as one
// types (app/browser/city-suggestions.ts, as on the light pages; no library).
import { href } from "react-router";
import { installCitySuggestions } from "~/browser/city-suggestions";
import { type FormField } from "~/components/form/form-fields";
import { useEffect } from "react";
import { TextInput } from "./inputs";

export interface CityChoicesView {
  options: { code: number; label: string }[];
  chosen: number | null;
}

export function CityFields({
  city,
  neighbourhood,
  choices,
  cityLabel = "Cidade",
  cityHint = "Ex.: Jundiaí - SP.",
  neighbourhoodLabel = "Bairro ou referência",
  neighbourhoodHint,
  required,
  neighbourhoodRequired,
}: {
  city: FormField;
  /** Left out where a form has no neighbourhood (products). */
  neighbourhood?: FormField;
  choices?: CityChoicesView | null;
  cityLabel?: string;
  cityHint?: string;
  neighbourhoodLabel?: string;
  neighbourhoodHint?: string;
  /** Marks 'Cidade' as required (RequiredMark). */
  required?: boolean;
  /** Marks 'Bairro ou referência' as required too (a finder's ad: docs/decisions/0045). */
  neighbourhoodRequired?: boolean;
}) {
  const listId = `${city.id}-sugestoes`;
  useEffect(installCitySuggestions, []);
  return (
    <>
      <TextInput
        meta={city as Parameters<typeof TextInput>[0]["meta"]}
        label={cityLabel}
        hint={cityHint}
        list={listId}
        autoComplete="off"
        required={required}
        // Where the suggestions come from; the module fills the <datalist> below.
        data-city-suggestions={href("/municipios")}
      />
      <datalist id={listId} />
      {neighbourhood ? (
        <TextInput
          meta={neighbourhood as Parameters<typeof TextInput>[0]["meta"]}
          label={neighbourhoodLabel}
          hint={neighbourhoodHint ?? "Opcional."}
          required={neighbourhoodRequired}
        />
      ) : null}
      {choices?.options.length ? (
        <fieldset
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 sm:col-span-2"
          aria-describedby={city.errors?.length ? city.errorId : undefined}
        >
          <legend className="label px-1">Qual destas cidades você quis dizer?</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {choices.options.map((option) => (
              <label key={option.code} className="check-label text-sm text-slate-800">
                <input
                  type="radio"
                  name="cityCode"
                  value={option.code}
                  defaultChecked={option.code === choices.chosen}
                  className="accent-brand-600"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
