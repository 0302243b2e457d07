import { href, Link } from "react-router";
import { guardedAccount } from "~/platform/auth.server";
import type { Route } from "./+types/moderacao.registro";
import { ModerationNav } from "~/components/moderation";
import { getDb } from "~/context.server";
import { KIND_LABELS, MODERATION_ACTION_LABELS, moderationItemPath, moderationTime } from "~/lib/moderation";
import { moderationLogPage } from "~/models/moderation.server";

// The moderators' log (docs/decisions/0035): every decision and every automatic hold,
// newest first: who, what, on which item or account (its title or name then), why and
// when. Append-only: nothing here or anywhere in the site edits or deletes an entry.
export const meta: Route.MetaFunction = () => [{ title: "Registro de ações | Patas Conectadas" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  guardedAccount(context);
  const raw = new URL(request.url).searchParams.get("antes") ?? "";
  const before = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const { entries, next } = await moderationLogPage(getDb(context), { before });
  return {
    entries: entries.map((e) => ({
      id: e.id,
      when: moderationTime(e.createdAt),
      who: e.adminName,
      action: MODERATION_ACTION_LABELS[e.action],
      kind: KIND_LABELS[e.itemKind],
      subject: e.subject,
      page: moderationItemPath(e.itemKind, e.itemId),
      reason: e.reason,
    })),
    next,
    first: before !== undefined,
  };
}

export default function ModeracaoRegistro({ loaderData }: Route.ComponentProps) {
  const { entries, next, first } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="text-2xl font-bold text-slate-900">Moderação</h1>
      <ModerationNav />
      <h2 className="mt-6 text-lg font-semibold text-slate-900">Registro de ações</h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma ação registrada.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3">
                  Quando
                </th>
                <th scope="col" className="py-2 pr-3">
                  Quem
                </th>
                <th scope="col" className="py-2 pr-3">
                  Ação
                </th>
                <th scope="col" className="py-2 pr-3">
                  Item ou conta
                </th>
                <th scope="col" className="py-2">
                  Motivo
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-100 align-top" data-testid="registro">
                  <td className="py-2 pr-3 whitespace-nowrap">{e.when}</td>
                  <td className="py-2 pr-3">{e.who}</td>
                  <td className="py-2 pr-3">{e.action}</td>
                  <td className="py-2 pr-3">
                    {e.kind}:{" "}
                    <Link to={e.page} className="font-medium text-brand-700 underline">
                      {e.subject}
                    </Link>
                  </td>
                  <td className="py-2 whitespace-pre-line">{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 flex gap-4 text-sm">
        {first ? (
          <Link to={href("/moderacao/registro")} className="font-medium text-brand-700 underline">
            Mais recentes
          </Link>
        ) : null}
        {next ? (
          <Link to={`${href("/moderacao/registro")}?antes=${next}`} className="font-medium text-brand-700 underline">
            Mais antigas
          </Link>
        ) : null}
      </p>
    </section>
  );
}
