import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { EmailConfirmationNotice } from "~/components/email-confirmation-notice";
import { SafeImage } from "~/components/safe-image";

/** The frame of the three dashboards: who is signed in, and the page's content. */
export function DashboardShell({
  title,
  user,
  nav,
  children,
}: {
  title: string;
  user: { name: string | null; email: string; avatarUrl: string | null; emailVerified: boolean; pendingEmail: string | null };
  // The dashboard's tabs, as links (they are URLs: DESIGN decision 2).
  nav?: ReactNode;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside className="h-fit rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
          <SafeImage
            src={user.avatarUrl}
            kind="avatar"
            alt={user.name || user.email}
            width={96}
            height={96}
            loading="eager"
            className="mx-auto size-24 rounded-full object-cover"
          />
          <p className="mt-3 font-semibold text-slate-900">{user.name || "Sem nome"}</p>
          <p className="text-sm break-all text-slate-600">{user.email}</p>
          {nav}
          <Form method="post" action="/sair" className="mt-4">
            <button type="submit" className="btn btn-outline w-full">
              Sair
            </button>
          </Form>
        </aside>
        <section className="space-y-4">
          <EmailConfirmationNotice user={user} returnTo={location.pathname} />
          {children}
        </section>
      </div>
    </div>
  );
}
