import type { ReactNode } from "react";

/**
 * A dashboard tab's box: its heading, with the tab's one way on beside it (a link or a
 * button), then the tab's content. Meus Pets, Meus Alertas and Meu Perfil share it.
 */
export function DashboardPanel({ title, aside, children }: { title: string; aside: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </div>
  );
}
