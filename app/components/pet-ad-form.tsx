import { getFormProps, type SubmissionResult, useForm } from "~/components/form/conform";
import { Form } from "react-router";
import { conformErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields, type CityChoicesView } from "~/components/form/city-fields";
import { CheckboxInput, SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { RequiredLegend } from "~/components/form/field";
import { PhotoInput } from "~/components/form/photo-input";
import { SubmitButton } from "~/components/form/submit-button";
import { PET_GENDERS, PET_SIZES, PET_SPECIES } from "~/db/values";
import { LOST_CATEGORIES } from "~/forms/choices";
import { PET_SPECIES_LABELS, PET_STATUS_LABELS } from "~/lib/labels";
import type { PetAdKind } from "~/lib/pet-ad-choice";


const SPECIES = PET_SPECIES.map((value) => ({ value, label: PET_SPECIES_LABELS[value]! }));
const GENDERS = PET_GENDERS.map((value) => ({ value, label: value }));
const SIZES = PET_SIZES.map((value) => ({ value, label: value }));
const LOST = LOST_CATEGORIES.map((value) => ({ value, label: PET_STATUS_LABELS[value]! }));

interface PetAdFormProps {
  kind: PetAdKind;
  action: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string>;
  keptPhotos?: string[];
  /** The server's candidates when the city's name is in several states. */
  cityChoices?: CityChoicesView | null;
  /** The lost form's category chosen before it ('Perdi um pet', 'Encontrei um pet'). */
  category?: "perdido" | "encontrado" | null;
}

/** The adoption or lost-pet form (spec §5): one multipart POST, photos included. */
export function PetAdForm({ kind, action, lastResult, defaultValue, keptPhotos = [], cityChoices, category }: PetAdFormProps) {
  const [form, fields] = useForm({
    id: `pet-${kind}`,
    lastResult,
    defaultValue: { category: kind === "perdido" ? (category ?? "perdido") : undefined, ...defaultValue },
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="kind" value={kind} />
      <ErrorSummary title="Erro ao cadastrar" errors={conformErrors(form, { photos: "photos-input" })} />
      <RequiredLegend />
      <div className="grid gap-4 sm:grid-cols-2">
        {kind === "perdido" ? (
          <SelectInput meta={f.category!} label="Categoria" options={LOST} placeholder={null} />
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
        <TextInput meta={f.contactWhatsapp!} label="WhatsApp" type="tel" autoComplete="tel" placeholder="(11) 98765-4321" />
        <CityFields
          city={f.city!}
          neighbourhood={f.neighbourhood!}
          choices={cityChoices}
          neighbourhoodHint="Opcional. Ex.: Vila Mariana, perto da praça."
          required
        />
      </div>
      {kind === "adocao" ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="label">Sobre o pet</legend>
          <CheckboxInput meta={f.isNeutered!} label="Castrado" />
          <CheckboxInput meta={f.isVaccinated!} label="Vacinado" />
          <CheckboxInput meta={f.acceptsChildren!} label="Aceita crianças" />
          <CheckboxInput meta={f.acceptsOtherAnimals!} label="Aceita outros animais" />
        </fieldset>
      ) : null}
      <PhotoInput errors={f.photos?.errors} keptPhotos={keptPhotos} markRequired />
      <TextareaInput meta={f.notes!} label="Observações" hint="Sinais, coleira, onde foi visto, cuidados..." />
      <TextInput meta={f.youtube!} label="YouTube" type="url" hint="Opcional: link de um vídeo do pet." />
      <SubmitButton busyLabel="Publicando..." action={action} className="btn btn-primary w-full sm:w-auto">
        Publicar anúncio
      </SubmitButton>
    </Form>
  );
}
