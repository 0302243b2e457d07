import type { ReactNode } from "react";
import { PawIcon } from "~/components/icons";

/** The narrow card every account page sits in. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="container-page grid place-items-center py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <PawIcon className="mx-auto text-brand-600" width={32} height={32} />
        <h1 className="mt-2 text-center text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-center text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </div>
  );
}
