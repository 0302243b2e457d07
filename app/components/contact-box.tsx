// The 'Contato' box of a detail page (/ong/{id}, /clinica/{id}): one list of labelled
// contacts, each a link when it has one (docs/decisions/0034).
import { socialLink } from "~/lib/links";
import { socialProfileLabel } from "~/lib/social";

export interface ContactEntry {
  label: string;
  value: string | null | undefined;
  link: string | null;
}

/** Facebook or Instagram as an entry: the short profile name, linked to the profile. */
export function socialEntry(network: "facebook" | "instagram", profile: string | null | undefined): ContactEntry {
  return {
    label: network === "facebook" ? "Facebook" : "Instagram",
    value: profile ? socialProfileLabel(network, profile) : null,
    link: profile ? socialLink(network, profile) : null,
  };
}

export function ContactBox({
  entries,
  missing,
  className = "",
  testId,
}: {
  entries: ContactEntry[];
  /** What an entry without a value says; without it, such entries are left out. */
  missing?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <aside aria-labelledby="contato-titulo" className={`rounded-xl border border-slate-200 p-4 ${className}`}>
      <h2 id="contato-titulo" className="text-lg font-semibold text-slate-900">
        Contato
      </h2>
      <dl className="mt-3 space-y-1 text-sm" data-testid={testId}>
        {entries.map(({ label, value, link }) =>
          value || missing ? (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              {/* anywhere, not break-words: a long e-mail also narrows the box's min-content width (docs/decisions/0033 §12). */}
              <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">
                {!value ? (
                  missing
                ) : link ? (
                  <a
                    href={link}
                    className="tap-link text-brand-700 underline"
                    {...(link.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  >
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ) : null,
        )}
      </dl>
    </aside>
  );
}
