// The event form of the NGO dashboard (new and edit; spec §7 "Event form").
import type { z } from "zod";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import type { ActionAnswer } from "~/components/form/action-answer";
import { formProps, useFormFields } from "~/components/form/form-fields";
import { Form, href, Link } from "react-router";
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { CityFields } from "~/components/form/city-fields";
import { SelectInput, TextareaInput, TextInput } from "~/components/form/inputs";
import { SubmitButton } from "~/components/form/submit-button";
import { EVENT_CATEGORIES } from "~/db/values";
import type { eventSchema } from "~/forms/event";
import { eventTime } from "~/lib/format";
import { EVENT_CATEGORY_LABELS } from "~/lib/labels";

const CATEGORIES = EVENT_CATEGORIES.map((value) => ({ value, label: EVENT_CATEGORY_LABELS[value]! }));

export interface EventFormDefaults {
  title: string;
  description: string;
  category: string;
  /** Brasília wall-clock text, 'yyyy-MM-ddTHH:mm'. */
  date: string;
  /** 'Cidade' and 'Local' of the stored location (docs/decisions/0032). */
  city: string;
  neighbourhood: string;
  mainImageUrl: string | null;
}

export function EventForm({ action, event, answer }: { action: string; event?: EventFormDefaults; answer: ActionAnswer | undefined }) {
  const { result, cityChoices } = answer ?? {};
  const [form, fields] = useFormFields<z.input<typeof eventSchema>>({
    id: event ? "event-edit" : "event-new",
    answer: result,
    defaults: event
      ? {
          title: event.title,
          description: event.description,
          category: event.category,
          date: event.date.slice(0, 10),
          time: eventTime(event.date) ?? "",
          city: event.city,
          neighbourhood: event.neighbourhood,
        }
      : undefined,
  });
  const f = fields as unknown as Record<string, Parameters<typeof TextInput>[0]["meta"]>;
  const imageErrors = (fields as unknown as Record<string, { errors?: string[] }>).image?.errors;
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="space-y-5" {...formProps(form)}>
      <ErrorSummary title="Erro ao publicar evento" errors={summaryErrors(form, { image: "event-image" })} />
      <RequiredLegend />
      <TextInput meta={f.title!} label="Título" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput meta={f.date!} label="Data" type="date" required />
        <TextInput
          meta={f.time!}
          label="Horário"
          type="time"
          hint="Opcional (horário de Brasília); sem horário, o evento mostra só a data."
        />
        <SelectInput meta={f.category!} label="Categoria" options={CATEGORIES} required />
        <CityFields
          city={f.city!}
          neighbourhood={f.neighbourhood!}
          choices={cityChoices}
          required
          neighbourhoodLabel="Local"
          neighbourhoodHint="Opcional. Endereço ou ponto de referência, ex.: Parque da Aclimação, portão 2."
        />
      </div>
      <TextareaInput meta={f.description!} label="Descrição" rows={5} required />
      <FilePicker
        id="event-image"
        name="image"
        label={event?.mainImageUrl ? "Trocar imagem" : "Imagem"}
        hint="Opcional."
        errors={imageErrors}
        preview={
          event
            ? {
                url: event.mainImageUrl,
                kind: "event",
                alt: `Imagem atual de ${event.title}`,
                width: 112,
                height: 63,
                className: "aspect-video w-28 rounded-lg",
              }
            : null
        }
        remove={{ label: "Remover imagem", input: { name: "removeImage" } }}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busyLabel={event ? "Salvando..." : "Publicando..."} action={action}>
          {event ? "Salvar alterações" : "Publicar evento"}
        </SubmitButton>
        <Link to={href("/ong/dashboard/eventos")} className="btn btn-ghost">
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

/** What an account without an organization sees instead of the form (spec §7). */
export function NoOrganizationNotice() {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900" data-testid="evento-sem-ong">
      <p className="font-semibold">Você precisa selecionar uma organização para criar um evento</p>
      <Link to={href("/ong/dashboard/cadastrar")} className="btn btn-primary mt-3">
        Cadastrar organização
      </Link>
    </div>
  );
}
