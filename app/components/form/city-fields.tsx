// 'Cidade' and 'Bairro ou referência' (docs/decisions/0032, Forms). Without JavaScript: two
// text fields, and, when the server found the name in several states, a radio list of
// them. With JavaScript, a <datalist> suggests municipalities from /municipios as one
// types (a few hundred bytes of our own code; no library).
import { href } from "react-router";
import { type FieldMetadata } from "~/components/form/conform";
import { useRef, useState } from "react";
import { TextInput } from "./inputs";

type Meta = FieldMetadata<string | undefined | null, Record<string, unknown>, string[]>;

export interface CityChoicesView {
  options: { code: number; label: string }[];
  chosen: number | null;
}

const SUGGEST_DELAY_MS = 200;

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
  city: Meta;
  /** Left out where a form has no neighbourhood (products). */
  neighbourhood?: Meta;
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
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef("");
  const suggest = (value: string) => {
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length < 2 || q === asked.current) return;
    timer.current = setTimeout(async () => {
      asked.current = q;
      try {
        const response = await fetch(`${href("/municipios")}?q=${encodeURIComponent(q)}`);
        const body = response.ok ? ((await response.json()) as { options?: string[] }) : null;
        if (asked.current === q && Array.isArray(body?.options)) setSuggestions(body.options);
      } catch {
        // Suggestions are a convenience: the server resolves what is typed anyway.
      }
    }, SUGGEST_DELAY_MS);
  };
  return (
    <>
      <TextInput
        meta={city as Parameters<typeof TextInput>[0]["meta"]}
        label={cityLabel}
        hint={cityHint}
        list={listId}
        autoComplete="off"
        required={required}
        onChange={(event) => suggest(event.currentTarget.value)}
        // The light pages' script suggests from here (docs/decisions/0042).
        data-city-suggestions={href("/municipios")}
      />
      <datalist id={listId}>
        {suggestions.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
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
