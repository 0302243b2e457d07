import { Link } from "react-router";
import { PET_AD_CHOICES } from "~/lib/pet-ad-choice";

export interface ExtraChoice {
  to: string;
  label: string;
  hint: string;
}

/**
 * The first question of posting: what happened? Large links (a thumb's target), none
 * preselected (docs/decisions/0033 §9). `path` is the form page.
 */
export function PetAdChoices({ path, extra = [] }: { path: string; extra?: ExtraChoice[] }) {
  const choices: ExtraChoice[] = [
    ...PET_AD_CHOICES.map((choice) => ({ to: `${path}?aba=${choice.aba}`, label: choice.label, hint: choice.hint })),
    ...extra,
  ];
  return (
    <nav aria-label="O que você quer anunciar?">
      <ul className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link to={choice.to} className="block min-h-11 rounded-xl border border-slate-200 p-4 hover:border-brand-400 hover:bg-brand-50">
              <span className="block text-lg font-semibold text-brand-700">{choice.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{choice.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Above the form once chosen: what was chosen, and a way back to the question. */
export function ChosenPetAd({ label, path }: { label: string; path: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-slate-700">
      <span>
        Tipo de anúncio: <strong className="text-slate-900">{label}</strong>
      </span>
      <Link to={path} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        Trocar
      </Link>
    </p>
  );
}
