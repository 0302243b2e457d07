// 'Vi este pet' (docs/decisions/0024-sightings.md): the report form, the timeline on the
// pet page (place and time for everyone; notes, photo and contact for the owner only) and
// the summary in Meus Pets. Plain POST forms: everything works without JavaScript.
import { summaryErrors, ErrorSummary } from "~/components/form/error-summary";
import { formProps, useFormFields, type FormAnswer } from "~/components/form/form-fields";
import { TextareaInput, TextInput } from "~/components/form/inputs";
import { Form, href, Link, useLocation } from "react-router";
import { RequiredLegend } from "~/components/form/field";
import { FilePicker } from "~/components/form/file-picker";
import { CityFields, type CityChoicesView } from "~/components/form/city-fields";
import type { SightingInput } from "~/forms/sighting";
import { Honeypot } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { formatLongDateTime } from "~/lib/format";
import type { SentSighting } from "~/lib/sightings";
import { whatsappLink } from "~/lib/links";
import { pluralize } from "~/lib/text";
import { ReportLink } from "~/components/moderation";
import { PetFormHeading, PetInboxList } from "~/components/pet-inbox";

export interface SightingItem {
  id: number;
  place: string;
  seenAt: string;
  /** Only in the owner's view. */
  notes?: string | null;
  imageUrl?: string | null;
  contact?: string | null;
  /** Kept in the pet's record in R2 (docs/decisions/0050): shown, no longer hidden or reported. */
  archived?: boolean;
}

export function sightingsPath(petId: number): string {
  return href("/pet/:id/avistamentos", { id: String(petId) });
}

/** The report form's place on the pet page (`/pet/{id}#vi-este-pet`). */
export const SIGHTING_FORM_ANCHOR = "vi-este-pet";

/** The report form; posts to /pet/{id}/avistamentos, which redirects back with a toast. */
export function SightingForm({
  petId,
  defaultSeenAt,
  defaultCity = "",
  lastResult,
  cityChoices,
  heading = "h2",
}: {
  petId: number;
  defaultSeenAt: string;
  /** The pet's city ("Jundiaí - SP"): the sighting's unless another is typed (0032). */
  defaultCity?: string;
  cityChoices?: CityChoicesView | null;
  lastResult?: FormAnswer | null;
  /** h1 on its own page (a report sent back without JavaScript). */
  heading?: "h1" | "h2";
}) {
  const action = sightingsPath(petId);
  const [form, fields] = useFormFields<SightingInput>({
    id: `vi-este-pet-${petId}`,
    answer: lastResult,
    defaults: { seenAt: defaultSeenAt, city: defaultCity },
  });
  const photoErrors = lastResult?.error?.photo ?? undefined;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="relative space-y-4"
      aria-labelledby={`${form.id}-titulo`}
      {...formProps(form)}
    >
      <PetFormHeading formId={form.id} heading={heading} title="Vi este pet">
        Viu este pet por aí? Conte onde e quando. Você não precisa ter conta.
      </PetFormHeading>
      <ErrorSummary title="Não foi possível enviar o avistamento" errors={summaryErrors(form, { photo: `${form.id}-foto` })} />
      <RequiredLegend />
      <TextInput meta={fields.place} label="Onde você viu" required placeholder="Ex.: Praça da Sé, perto da banca de jornal" />
      <CityFields
        city={fields.city}
        choices={cityChoices}
        cityLabel="Cidade (opcional)"
        cityHint={defaultCity ? "A cidade do anúncio; mude se você viu o pet em outra." : "Ex.: Jundiaí - SP."}
      />
      <TextInput meta={fields.seenAt} label="Quando" type="datetime-local" required />
      <TextareaInput meta={fields.notes} label="Observações (opcional)" rows={3} hint="Só quem anunciou vê as observações e a foto." />
      <FilePicker id={`${form.id}-foto`} name="photo" label="Foto (opcional)" hint="Uma foto." errors={photoErrors} />
      <TextInput
        meta={fields.contact}
        label="WhatsApp ou e-mail para contato (opcional)"
        hint="Só quem anunciou vê o seu contato; ele nunca aparece na página."
        autoComplete="off"
      />
      <Honeypot />
      <SubmitButton busyLabel="Enviando..." action={action}>
        Enviar avistamento
      </SubmitButton>
    </Form>
  );
}

/** The timeline, newest first. The owner's items carry notes, photo, contact and 'Ocultar'. */
export function SightingTimeline({
  petId,
  petName,
  owner,
  items,
}: {
  petId: number;
  petName: string;
  owner: boolean;
  items: SightingItem[];
}) {
  return (
    <PetInboxList
      id="avistamentos"
      title="Avistamentos"
      empty={
        items.length > 0
          ? null
          : owner
            ? "Ninguém informou ter visto seu pet ainda. Avisaremos você por e-mail."
            : "Ninguém informou ter visto este pet ainda."
      }
      className="space-y-3"
      listClassName="space-y-3 border-l-2 border-brand-200 pl-4"
    >
      {items.map((s) => (
        <li key={s.id} className="relative rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="avistamento">
          <p className="font-medium text-slate-900">
            <time dateTime={s.seenAt}>{formatLongDateTime(s.seenAt)}</time>
          </p>
          <p className="mt-1 text-slate-700">
            <span className="text-slate-500">Onde: </span>
            {s.place}
          </p>
          {owner ? <OwnerDetails petId={petId} petName={petName} sighting={s} /> : null}
        </li>
      ))}
    </PetInboxList>
  );
}

function OwnerDetails({ petId, petName, sighting }: { petId: number; petName: string; sighting: SightingItem }) {
  const contact = sighting.contact ?? null;
  const chat =
    contact && !contact.includes("@")
      ? whatsappLink(contact, `Olá! Recebi seu aviso de que você viu ${petName} na Patas Conectadas.`)
      : null;
  return (
    <>
      {sighting.notes ? (
        <p className="mt-1 whitespace-pre-line text-slate-700">
          <span className="text-slate-500">Observações: </span>
          {sighting.notes}
        </p>
      ) : null}
      <p className="mt-1 text-slate-700">
        <span className="text-slate-500">Contato de quem viu: </span>
        {contact ? (
          chat ? (
            <a href={chat} className="font-medium text-brand-700 underline" rel="noopener noreferrer" target="_blank">
              {contact}
            </a>
          ) : (
            <a href={`mailto:${contact}`} className="font-medium text-brand-700 underline">
              {contact}
            </a>
          )
        ) : (
          "não informado"
        )}
      </p>
      {sighting.imageUrl ? (
        <a href={sighting.imageUrl} className="mt-2 inline-block" target="_blank" rel="noopener noreferrer">
          <img
            src={sighting.imageUrl}
            alt={`Foto enviada por quem viu, em ${sighting.place}`}
            width={160}
            height={120}
            loading="lazy"
            className="h-28 w-40 rounded-lg object-cover"
          />
        </a>
      ) : null}
      {sighting.archived ? null : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Form method="post" action={`${sightingsPath(petId)}/${sighting.id}/ocultar`}>
            <button
              type="submit"
              className="btn border border-slate-300 text-slate-700 hover:bg-slate-50"
              aria-label={`Ocultar o avistamento em ${sighting.place}`}
            >
              Ocultar
            </button>
          </Form>
          {/* A scam ('pague para ter seu pet de volta') goes to the moderators too (0035). */}
          <ReportLink kind="sighting" id={sighting.id} />
        </div>
      )}
    </>
  );
}

/**
 * The pet page's block: the form for anyone but the owner while the pet is lost and open,
 * and the timeline. The form remounts after each navigation, so a sent report leaves it
 * empty again with JavaScript on (without it, the redirect loads a fresh page anyway);
 * above it, the sender sees once what was sent (docs/decisions/0024, After sending).
 */
export function PetSightings({
  petId,
  petName,
  owner,
  open,
  items,
  defaultSeenAt,
  defaultCity,
  sent = null,
}: {
  petId: number;
  petName: string;
  owner: boolean;
  open: boolean;
  items: SightingItem[];
  defaultSeenAt: string;
  defaultCity?: string;
  /** The report this visitor just sent, shown above a fresh form (docs/decisions/0024). */
  sent?: SentSighting | null;
}) {
  const location = useLocation();
  if (!open && items.length === 0) return null;
  return (
    <div className="mt-10 grid gap-8 border-t border-slate-200 pt-8 lg:grid-cols-2">
      <SightingTimeline petId={petId} petName={petName} owner={owner} items={items} />
      {open && !owner ? (
        // The target of the 'Vi este pet' button at the top of the page (docs/decisions/0033 §10).
        <div id={SIGHTING_FORM_ANCHOR} className="scroll-mt-20 space-y-4 rounded-xl border border-slate-200 p-4">
          {sent ? <SentSightingSummary sighting={sent} /> : null}
          <SightingForm key={location.key} petId={petId} defaultSeenAt={defaultSeenAt} defaultCity={defaultCity} />
        </div>
      ) : null}
    </div>
  );
}

/** What the visitor just sent, so the fresh form below does not read as if nothing went. */
function SentSightingSummary({ sighting }: { sighting: SentSighting }) {
  return (
    <section aria-labelledby="avistamento-enviado" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <h2 id="avistamento-enviado" className="font-semibold text-emerald-900">
        Avistamento enviado
      </h2>
      <p className="mt-1 text-slate-700">Quem anunciou o pet recebeu este aviso:</p>
      <dl className="mt-2 space-y-1 [overflow-wrap:anywhere] text-slate-800">
        <div>
          <dt className="inline text-slate-500">Onde: </dt>
          <dd className="inline">
            {sighting.place}
            {sighting.city ? ` (${sighting.city})` : null}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-500">Quando: </dt>
          <dd className="inline">
            <time dateTime={sighting.seenAt}>{formatLongDateTime(sighting.seenAt)}</time>
          </dd>
        </div>
        {sighting.notes ? (
          <div>
            <dt className="inline text-slate-500">Observações: </dt>
            <dd className="inline whitespace-pre-line">{sighting.notes}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** Meus Pets: how many sightings a lost pet has and the newest few, with the way to all. */
export function DashboardPetSightings({
  petId,
  summary,
}: {
  petId: number;
  summary: { count: number; latest: { id: number; place: string; seenAt: string }[] } | undefined;
}) {
  if (!summary || summary.count === 0) {
    return <p className="text-sm text-slate-500">Nenhum avistamento ainda.</p>;
  }
  return (
    <div className="rounded-lg bg-amber-50 p-2 text-sm" data-testid="meus-avistamentos">
      <p className="font-semibold text-amber-900">{pluralize(summary.count, "avistamento", "avistamentos")}</p>
      <ol className="mt-1 space-y-1 text-amber-900">
        {summary.latest.map((s) => (
          <li key={s.id}>
            <time dateTime={s.seenAt}>{formatLongDateTime(s.seenAt)}</time>: {s.place}
          </li>
        ))}
      </ol>
      <Link to={`${href("/pet/:id", { id: String(petId) })}#avistamentos`} className="tap-link font-medium text-brand-700 underline">
        Ver todos os avistamentos
      </Link>
    </div>
  );
}
