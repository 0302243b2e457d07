import { formProps, inputProps, type FormAnswer, useFormFields } from "~/components/form/form-fields";
import { Form } from "react-router";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields, type CityChoicesView } from "~/components/form/city-fields";
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { Field, RequiredLegend } from "~/components/form/field";
import { PhotoInput } from "~/components/form/photo-input";
import { SubmitButton } from "~/components/form/submit-button";
import { useResetKey } from "~/components/form/use-reset-key";
import { PetAdAccountFields } from "~/components/pet-ad-account-fields";
import { type AdAccountStep, SIGN_IN_FIRST } from "~/lib/ad-account";
import { useRootData } from "~/lib/root-data";
import { PET_GENDERS, PET_SIZES, PET_SPECIES } from "~/db/values";
import { FINDER_CATEGORIES, UNKNOWN_CHOICE } from "~/forms/choices";
import { PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import type { PetAdKind } from "~/lib/pet-ad-choice";

const SPECIES = PET_SPECIES.map((value) => ({ value, label: PET_SPECIES_LABELS[value]! }));
const GENDERS = PET_GENDERS.map((value) => ({ value, label: value }));
const SIZES = PET_SIZES.map((value) => ({ value, label: value }));
const FINDER = FINDER_CATEGORIES.map((value) => ({ value, label: PET_STATUS_LABELS[value]! }));
// A finder may not know the sex or the size: 'Não sei' is stored as NULL (docs/decisions/0045).
const UNKNOWN = { value: UNKNOWN_CHOICE, label: "Não sei" };
const FINDER_GENDERS = [...GENDERS, UNKNOWN];
const FINDER_SIZES = [...SIZES, UNKNOWN];

interface PetAdFormProps {
  kind: PetAdKind;
  action: string;
  lastResult?: FormAnswer;
  defaultValue?: Record<string, string>;
  keptPhotos?: string[];
  /** The server's candidates when the city's name is in several states. */
  cityChoices?: CityChoicesView | null;
  /** The lost form's category chosen before it ('Perdi meu pet', 'Encontrei um pet'). */
  category?: "perdido" | "encontrado" | null;
  /** A signed-out visitor's account fields: a new account's, or a password (0044). */
  accountStep?: AdAccountStep;
}

/** The adoption or lost-pet form (spec §5): one multipart POST, photos included. */
export function PetAdForm({
  kind,
  action,
  lastResult,
  defaultValue,
  keptPhotos = [],
  cityChoices,
  category,
  accountStep = "cadastrar",
}: PetAdFormProps) {
  // A visitor's form ends with the account fields: one submit publishes (docs/decisions/0044).
  const visitor = !useRootData()?.user;
  const resetKey = useResetKey(lastResult);
  // 'Encontrei um pet' is the finder's form: only what a finder can know (docs/decisions/0045).
  const finder = kind === "perdido" && category === "encontrado";
  const [form, fields] = useFormFields({
    id: `pet-${kind}`,
    answer: lastResult,
    defaults: {
      category: kind === "perdido" ? (category ?? "perdido") : undefined,
      ...(finder ? { gender: UNKNOWN_CHOICE, size: UNKNOWN_CHOICE } : {}),
      ...defaultValue,
    },
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  return (
    <>
      <Form method="post" action={action} encType="multipart/form-data" className="space-y-5" {...formProps(form)}>
        <input type="hidden" name="kind" value={kind} />
        <ErrorSummary title="Erro ao cadastrar" errors={summaryErrors(form, { photos: "photos-input" })} />
        <RequiredLegend />
        {/* The photo first: it is what people recognise a pet by (docs/decisions/0044). Emptied
          after each server answer, which keeps the valid photos sent (keptPhotos). */}
        <PhotoInput key={`photos-${resetKey}`} errors={f.photos?.errors} keptPhotos={keptPhotos} />
        {finder ? (
          <div className="grid gap-4 sm:grid-cols-2" data-finder-form="">
            <SelectInput meta={f.category!} label="Categoria" options={FINDER} placeholder={null} required />
            <SelectInput meta={f.type!} label="Espécie" options={SPECIES} required />
            <FinderDateInput meta={f.missingSince!} />
            <WhatsappAndPlace
              fields={f}
              cityChoices={cityChoices}
              neighbourhoodHint="Onde o pet está ou foi visto. Ex.: Vila Yara, perto da padaria."
              neighbourhoodRequired
            />
            <TextInput meta={f.name!} label="Nome" autoComplete="off" hint="Se a coleira disser. Se não souber, deixe em branco." />
            <TextInput meta={f.breed!} label="Raça" hint="Se não souber, deixe em branco." />
            <TextInput meta={f.age!} label="Idade" hint="Ex.: filhote, adulto. Se não souber, deixe em branco." />
            <SelectInput meta={f.gender!} label="Sexo" options={FINDER_GENDERS} placeholder={null} />
            <SelectInput meta={f.size!} label="Porte" options={FINDER_SIZES} placeholder={null} />
            <TextInput meta={f.color!} label="Cor" />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {kind === "perdido" ? (
              <div>
                <label className="label" htmlFor="pet-perdido-categoria">
                  Categoria
                </label>
                <input type="hidden" name="category" value="perdido" />
                <select id="pet-perdido-categoria" className="input" disabled defaultValue="perdido">
                  <option value="perdido">{PET_STATUS_LABELS.perdido}</option>
                </select>
              </div>
            ) : (
              <div>
                <label className="label" htmlFor="pet-adocao-categoria">
                  Categoria
                </label>
                <select id="pet-adocao-categoria" className="input" disabled defaultValue="adocao">
                  <option value="adocao">Para Adoção</option>
                </select>
              </div>
            )}
            <TextInput meta={f.name!} label="Nome" autoComplete="off" required />
            <SelectInput meta={f.type!} label="Espécie" options={SPECIES} required />
            <TextInput meta={f.breed!} label="Raça" hint="Se não souber, escreva SRD (sem raça definida)." required />
            <TextInput meta={f.age!} label="Idade" hint="Ex.: 2 anos, 8 meses, filhote." required />
            <SelectInput meta={f.gender!} label="Sexo" options={GENDERS} required />
            <SelectInput meta={f.size!} label="Porte" options={SIZES} required />
            {kind === "perdido" ? (
              <>
                <TextInput meta={f.color!} label="Cor" required />
                <TextInput meta={f.missingSince!} label="Data do desaparecimento" type="date" required />
              </>
            ) : (
              <TextInput meta={f.temperament!} label="Temperamento" hint="Ex.: dócil, brincalhão, tímido." required />
            )}
            <WhatsappAndPlace fields={f} cityChoices={cityChoices} neighbourhoodHint="Opcional. Ex.: Vila Mariana, perto da praça." />
          </div>
        )}
        {kind === "adocao" ? (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="label">Sobre o pet</legend>
            <CheckboxInput meta={f.isNeutered!} label="Castrado" />
            <CheckboxInput meta={f.isVaccinated!} label="Vacinado" />
            <CheckboxInput meta={f.acceptsChildren!} label="Aceita crianças" />
            <CheckboxInput meta={f.acceptsOtherAnimals!} label="Aceita outros animais" />
          </fieldset>
        ) : null}
        <TextareaInput meta={f.notes!} label="Observações" hint="Sinais, coleira, onde foi visto, cuidados..." />
        <TextInput meta={f.youtube!} label="YouTube" type="url" hint="Opcional: link de um vídeo do pet." />
        {visitor ? (
          <PetAdAccountFields
            step={accountStep}
            fields={{ accountName: f.accountName!, email: f.email!, password: f.password!, terms: f.terms! }}
            resetKey={resetKey}
          />
        ) : null}
        <SubmitButton busyLabel="Publicando..." action={action} className="btn btn-primary w-full sm:w-auto">
          Publicar anúncio
        </SubmitButton>
      </Form>
      {visitor ? (
        // Sends the same form, from after it: Enter in a field still publishes (0044).
        <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          Prefere entrar antes? O que você preencheu fica guardado.
          <button type="submit" form={form.id} name="intent" value={SIGN_IN_FIRST} className="btn btn-outline">
            Entrar antes de publicar
          </button>
        </p>
      ) : null}
    </>
  );
}

/** The WhatsApp to call and where the pet is, in both forms; the finder's also asks for the neighbourhood. */
function WhatsappAndPlace({
  fields,
  cityChoices,
  neighbourhoodHint,
  neighbourhoodRequired,
}: {
  fields: Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  cityChoices: CityChoicesView | null | undefined;
  neighbourhoodHint: string;
  neighbourhoodRequired?: boolean;
}) {
  return (
    <>
      <TextInput meta={fields.contactWhatsapp!} label="WhatsApp" type="tel" autoComplete="tel" placeholder="(11) 98765-4321" required />
      <CityFields
        city={fields.city!}
        neighbourhood={fields.neighbourhood!}
        choices={cityChoices}
        neighbourhoodHint={neighbourhoodHint}
        required
        neighbourhoodRequired={neighbourhoodRequired}
      />
    </>
  );
}

/**
 * 'Data em que encontrou' or 'Data em que viu', as the category says: both words are in
 * the label and CSS shows the one chosen, so it follows the choice without JavaScript
 * (app.css, docs/decisions/0045); a browser without :has() reads 'encontrou ou viu'.
 */
function FinderDateInput({ meta }: { meta: Parameters<typeof TextInput>[0]["meta"] }) {
  const label = (
    <>
      Data em que <span data-finder-word="encontrado">encontrou</span>
      <span data-finder-word="avistado">viu</span>
      <span data-finder-word="">encontrou ou viu</span>
    </>
  );
  return (
    <Field id={meta.id} label={label} errors={meta.errors} errorId={meta.errorId} required>
      <input {...inputProps(meta, { type: "date" })} aria-required className="input" />
    </Field>
  );
}
