// What the ways of writing to an ad's poster share: 'Vi este pet' (docs/decisions/0024),
// 'Enviar mensagem' (docs/decisions/0033) and 'Quero adotar' (docs/decisions/0047). Their
// own page (the way back to the ad and a box for the form, or for why there is none), the
// form's heading, and the list the poster reads on their own ad.
import type { ReactNode } from "react";
import { href, Link } from "react-router";

/** A form's own page: back to the ad, then the box with the form or why there is none. */
export function PetFormPage({ pet, children }: { pet: { id: number; name: string }; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-10">
      <p className="text-sm">
        <Link to={href("/pet/:id", { id: String(pet.id) })} className="font-medium text-brand-700 underline">
          Voltar ao anúncio de {pet.name}
        </Link>
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 p-4">{children}</div>
    </section>
  );
}

/** In the box instead of the form: the form's title and why there is none. */
export function PetFormUnavailable({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600" role="status">
        {text}
      </p>
    </>
  );
}

/** The form's title and who sees what; the form is labelled by it (`{formId}-titulo`). */
export function PetFormHeading({
  formId,
  heading: Heading = "h1",
  title,
  children,
}: {
  formId: string;
  heading?: "h1" | "h2";
  title: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Heading id={`${formId}-titulo`} className="text-xl font-bold text-slate-900">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** What the poster received on their own ad (sightings, messages), or what an empty one says. */
export function PetInboxList({
  id,
  title,
  empty,
  className,
  listClassName,
  children,
}: {
  /** The section's anchor (`#avistamentos`, `#mensagens`). */
  id: string;
  title: string;
  /** Said instead of the list when there is nothing yet. */
  empty: string | null;
  className: string;
  listClassName: string;
  /** The list's items. */
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className={className}>
      <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {empty !== null ? <p className="text-sm text-slate-600">{empty}</p> : <ol className={listClassName}>{children}</ol>}
    </section>
  );
}
