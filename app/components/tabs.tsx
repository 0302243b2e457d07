import { Link, useLocation } from "react-router";

export interface TabLink {
  to: string;
  label: string;
  active: boolean;
}

/** Tabs as links: each tab is a URL, so they work without JavaScript. */
export function TabLinks({ tabs, label }: { tabs: TabLink[]; label: string }) {
  return (
    <nav aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          aria-current={tab.active ? "page" : undefined}
          className={`flex min-h-11 items-center justify-center rounded-md px-3 py-1 text-center text-sm font-semibold ${
            tab.active ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export interface DashboardTab {
  to: string;
  label: string;
  /** Active only on `to` itself (an index tab), not on the pages below it. */
  end?: boolean;
  /** Other path prefixes that belong to this tab (its forms and confirmation pages). */
  also?: string[];
}

/** Whether `tab` is the current one for `pathname` (a trailing slash is ignored). */
export function isDashboardTabActive(tab: DashboardTab, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === tab.to) return true;
  if (tab.also?.some((prefix) => path.startsWith(prefix))) return true;
  return !tab.end && path.startsWith(`${tab.to}/`);
}

/** Meus Pets, Meus Alertas and Meu Perfil: the tabs every dashboard has (docs/decisions/0033 §8). */
export function personalTabs(paths: { pets: string; alerts: string; profile: string }): [DashboardTab, DashboardTab, DashboardTab] {
  return [
    { to: paths.pets, label: "Meus Pets" },
    { to: paths.alerts, label: "Meus Alertas" },
    { to: paths.profile, label: "Meu Perfil" },
  ];
}

// Columns of the strip on a phone: up to three tabs in one row, more in two rows (four
// columns from seven tabs: the NGO's).
const PHONE_COLUMNS = ["grid-cols-1", "grid-cols-1", "grid-cols-2", "grid-cols-3", "grid-cols-4"] as const;
const phoneColumns = (tabs: number) => PHONE_COLUMNS[Math.min(tabs <= 3 ? tabs : Math.ceil(tabs / 2), 4)];

/**
 * The dashboards' tab strip (docs/decisions/0033 §8): one compact strip above the
 * content. On a phone the tabs sit in a grid of at most two rows whatever the fonts (a
 * long label breaks inside its tab rather than pushing a third row); from `sm` they are
 * one row. Every tab is a link at least 44 px tall; the current one has aria-current.
 */
export function DashboardTabs({ tabs, label }: { tabs: DashboardTab[]; label: string }) {
  const { pathname } = useLocation();
  const columns = phoneColumns(tabs.length);
  return (
    <nav aria-label={label} className="mt-3">
      <ul className={`grid ${columns} gap-1 rounded-lg bg-slate-100 p-1 sm:flex sm:flex-wrap`}>
        {tabs.map((tab) => {
          const active = isDashboardTabActive(tab, pathname);
          return (
            <li key={tab.to} className="flex">
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`flex min-h-11 w-full items-center justify-center rounded-md px-2 py-1 text-center text-sm leading-tight font-semibold sm:px-3 ${
                  active ? "bg-white text-brand-700 shadow-sm" : "text-slate-700 hover:bg-white/60 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
