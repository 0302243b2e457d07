import { href, Link, NavLink } from "react-router";
import { HeartIcon } from "~/components/icons";
import { SignOutButton } from "~/components/sign-out-button";
import type { AccountType } from "~/db/schema";
import { dashboardPathFor } from "~/lib/accounts";
import { Logo } from "./logo";

export interface HeaderUser {
  email: string;
  name: string | null;
  avatarUrl: string | null;
  accountType: AccountType;
  /** Admins reach the moderation queue from the header (docs/decisions/0035). */
  isAdmin?: boolean;
}

// The spec's Início, Quem Somos and Links Úteis, and the sections people come for (on
// a phone the home page's 'Próximos Eventos' was 30 screens down):
// docs/decisions/0033 §5.
const NAV = [
  { to: href("/"), label: "Início" },
  { to: href("/pets"), label: "Pets" },
  { to: href("/eventos"), label: "Eventos" },
  { to: href("/ongs"), label: "ONGs" },
  { to: href("/produtos"), label: "Produtos" },
  { to: href("/clinicas"), label: "Clínicas" },
  { to: href("/quem-somos"), label: "Quem Somos" },
  { to: href("/links-uteis"), label: "Links Úteis" },
];

// The current page's link is marked by NavLink's aria-current (styled in app.css).
const navClass = "nav-link";

/** The avatar's letter: the person's name first ("Carla" is C), the e-mail only without one. */
function initialOf(user: HeaderUser): string {
  // Array.from keeps a letter outside the BMP whole.
  return Array.from(user.name?.trim() || user.email)[0] ?? "";
}

function Account({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <Link to="/entrar" className="btn btn-outline">
        Entrar
      </Link>
    );
  }
  const label = user.name || user.email;
  // Named in words beside the avatar (docs/decisions/0033 §15: an unlabeled circle).
  return (
    <div className="flex items-center gap-1">
      <Link
        to={dashboardPathFor(user.accountType)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-brand-50 hover:text-brand-700"
        title={`Minha conta (${label})`}
      >
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-700 uppercase"
        >
          {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={36} height={36} className="size-9 object-cover" /> : initialOf(user)}
        </span>
        Minha conta
      </Link>
      {user.isAdmin ? (
        <Link to={href("/moderacao")} className="btn btn-ghost">
          Moderação
        </Link>
      ) : null}
      <SignOutButton className="btn btn-ghost" />
    </div>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Logo />
        <nav aria-label="Principal" className="hidden items-center xl:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Link to="/favoritos" aria-label="Favoritos" className="icon-btn hover:text-red-600">
            <HeartIcon />
          </Link>
          <Link to="/anunciar" className="btn btn-primary hidden sm:inline-flex">
            Anunciar
          </Link>
          <div className="hidden sm:block">
            <Account user={user} />
          </div>
          {/* A <details> menu opens without JavaScript on small screens. */}
          <details className="group relative xl:hidden">
            <summary
              className="icon-menu grid size-11 cursor-pointer list-none place-items-center rounded-md text-slate-700 hover:bg-slate-100"
              aria-label="Abrir menu"
            />
            <div className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
              <nav aria-label="Menu" className="flex flex-col">
                {NAV.map((item) => (
                  <NavLink key={item.to} to={item.to} end className={navClass}>
                    {item.label}
                  </NavLink>
                ))}
                <NavLink to="/anunciar" className={navClass}>
                  Anunciar
                </NavLink>
              </nav>
              <div className="mt-2 border-t border-slate-100 pt-2 sm:hidden">
                <Account user={user} />
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
