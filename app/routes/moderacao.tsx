import { Link } from "react-router";
import type { Route } from "./+types/moderacao";
import { ModerationNav, ModerationStateBadge } from "~/components/moderation";
import { getDb } from "~/context.server";
import { KIND_LABELS, moderationItemPath, moderationTime, publicPath, REPORT_REASON_LABELS } from "~/lib/moderation";
import {
  getAccountForModeration,
  getModeratedItem,
  openReportGroups,
  openReportsOf,
  removedItems,
  suspendedAccounts,
} from "~/models/moderation.server";
import { requireAdmin } from "~/platform/auth.server";

// The moderators' queue (docs/decisions/0035): items with open reports, most reported and
// oldest first, each with its reports (reason, details, when; never who), a link to the
// item and to its owner's other items; then what was removed (to restore) and the
// suspended accounts (to reactivate). Admins only; anyone else gets the site's 404.
export const meta: Route.MetaFunction = () => [{ title: "Moderação | Patas Conectadas" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const db = getDb(context);
  const [groups, removed, suspended] = await Promise.all([openReportGroups(db), removedItems(db), suspendedAccounts(db)]);
  const [reports, items] = await Promise.all([
    openReportsOf(db, groups),
    Promise.all(groups.map((group) => getModeratedItem(db, group))),
  ]);
  const owners = await Promise.all(items.map((item) => (item?.ownerId ? getAccountForModeration(db, item.ownerId) : null)));
  const queue = groups.map((group, index) => {
    const item = items[index];
    const owner = owners[index];
    return {
      kind: group.kind,
      id: group.id,
      label: KIND_LABELS[group.kind],
      // Deleted between the two reads: said so (the next visit leaves it out).
      title: item?.title ?? "(excluído por quem publicou)",
      moderation: item?.moderation ?? null,
      exists: Boolean(item),
      page: moderationItemPath(group.kind, group.id),
      path: item ? publicPath(item) : null,
      count: group.reports,
      confirmed: group.confirmed,
      first: moderationTime(group.firstAt),
      owner: owner ? { name: owner.name || owner.email, page: owner.publicId ? moderationItemPath("profile", owner.publicId) : null } : null,
      reports: (reports[index] ?? []).map((r) => ({
        id: r.id,
        reason: REPORT_REASON_LABELS[r.reason],
        details: r.details,
        when: moderationTime(r.createdAt),
        confirmed: r.fromConfirmedAccount,
      })),
    };
  });
  return {
    queue,
    removed: removed.map((r) => ({ ...r, label: KIND_LABELS[r.kind], page: moderationItemPath(r.kind, r.id) })),
    suspended: suspended.map((a) => ({
      id: a.id,
      name: a.name || a.email,
      email: a.email,
      since: a.suspendedAt ? moderationTime(a.suspendedAt) : "",
      page: a.publicId ? moderationItemPath("profile", a.publicId) : null,
    })),
  };
}

export default function Moderacao({ loaderData }: Route.ComponentProps) {
  const { queue, removed, suspended } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="text-2xl font-bold text-slate-900">Moderação</h1>
      <ModerationNav />
      <section aria-labelledby="fila" className="mt-6">
        <h2 id="fila" className="text-lg font-semibold text-slate-900">
          Fila de denúncias ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhuma denúncia aberta.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {queue.map((entry) => (
              <li key={`${entry.kind}:${entry.id}`} className="rounded-xl border border-slate-200 p-4" data-testid="fila-item">
                <p className="text-sm text-slate-600">{entry.label}</p>
                <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {entry.title} <ModerationStateBadge state={entry.moderation} />
                </h3>
                <p className="mt-1 text-sm text-slate-700">
                  {entry.count} {entry.count === 1 ? "denúncia" : "denúncias"} ({entry.confirmed} de contas confirmadas) · a primeira em{" "}
                  {entry.first}
                </p>
                <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                  <Link to={entry.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                    Analisar e decidir
                  </Link>
                  {entry.path ? (
                    <Link to={entry.path} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                      Ver a página
                    </Link>
                  ) : null}
                  {entry.owner?.page ? (
                    <Link to={entry.owner.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                      Outros itens de {entry.owner.name}
                    </Link>
                  ) : null}
                </p>
                <ul className="mt-2 space-y-1 text-sm">
                  {entry.reports.map((r) => (
                    <li key={r.id} className="border-l-2 border-slate-200 pl-3">
                      <span className="font-medium">{r.reason}</span> · {r.when}
                      {r.confirmed ? " · conta confirmada" : ""}
                      {r.details ? <span className="block whitespace-pre-line text-slate-700">{r.details}</span> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="removidos" className="mt-8">
        <h2 id="removidos" className="text-lg font-semibold text-slate-900">
          Removidos ({removed.length})
        </h2>
        {removed.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nada removido.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {removed.map((r) => (
              <li key={`${r.kind}:${r.id}`}>
                {r.label}:{" "}
                <Link to={r.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                  {r.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="suspensas" className="mt-8">
        <h2 id="suspensas" className="text-lg font-semibold text-slate-900">
          Contas suspensas ({suspended.length})
        </h2>
        {suspended.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nenhuma conta suspensa.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {suspended.map((a) => (
              <li key={a.id}>
                {a.page ? (
                  <Link to={a.page} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
                    {a.name}
                  </Link>
                ) : (
                  a.name
                )}{" "}
                ({a.email}) · desde {a.since}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
