import type { ReactNode } from "react";
import { href, Link, useLocation } from "react-router";
import { EmailConfirmationNotice } from "~/components/email-confirmation-notice";
import { SafeImage } from "~/components/safe-image";
import { SignOutButton } from "~/components/sign-out-button";
import { type DashboardTab, DashboardTabs } from "~/components/tabs";

/**
 * The frame of the three dashboards: the title, one small line saying who is signed in,
 * the tab strip, then the tab's content. On a 360 px phone the content starts within the
 * first screen (docs/decisions/0033 §8): the profile card that sat above it is
 * gone; the full profile lives in each dashboard's profile tab. 'Meus dados' (download and
 * deletion, docs/decisions/0036) sits beside 'Sair', in the frame every dashboard shares.
 */
export function DashboardShell({
  title,
  user,
  tabs,
  tabsLabel,
  children,
}: {
  title: string;
  user: { name: string | null; email: string; avatarUrl: string | null; emailVerified: boolean; pendingEmail: string | null };
  // The dashboard's tabs, as links (they are URLs: DESIGN decision 2).
  tabs: DashboardTab[];
  tabsLabel: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <div className="container-page py-4 md:py-8">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
        {/* A name too long for one line with the links gets a line of its own, the links
            below it (docs/decisions/0033, 'Dashboards on a phone'). */}
        <aside aria-label="Sua conta" className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <div className="flex min-w-0 items-center gap-2">
            {/* Decoration: the name beside it says who it is. */}
            <SafeImage
              src={user.avatarUrl}
              kind="avatar"
              alt=""
              width={32}
              height={32}
              loading="eager"
              variant="card"
              className="size-8 shrink-0 rounded-full object-cover"
            />
            {/* Whole, wrapped at its spaces, never cut to 'Amigos do Fo…'; min-w-0 lets an
                e-mail without a name break too. */}
            <span className="min-w-0 font-medium break-words text-slate-900" data-testid="conta-nome">
              {user.name || user.email}
            </span>
          </div>
          <div className="flex items-center gap-2">
            {/* The account's data, download and deletion: the same page for every type (docs/decisions/0036). */}
            <Link
              to={href("/meus-dados")}
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 font-semibold text-slate-700 underline hover:text-slate-900"
            >
              Meus dados
            </Link>
            <SignOutButton className="min-h-11 rounded-lg px-2 font-semibold text-slate-700 underline hover:text-slate-900" />
          </div>
        </aside>
      </div>
      <DashboardTabs tabs={tabs} label={tabsLabel} />
      <section className="mt-4 space-y-4">
        <EmailConfirmationNotice user={user} returnTo={location.pathname} />
        {children}
      </section>
    </div>
  );
}
