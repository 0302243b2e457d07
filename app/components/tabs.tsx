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

/**
 * The dashboards' tab strip (docs/decisions/0033, 'Dashboards on a phone'): one row of
 * tabs above the content, whatever their number and the screen's width. Tabs keep their
 * labels on one line and the row scrolls sideways inside itself (the tab cut at the edge
 * shows there is more), so the page never does. Every tab is a link 44 px tall; the
 * current one has aria-current.
 */
export function DashboardTabs({ tabs, label }: { tabs: DashboardTab[]; label: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="flex gap-1 overflow-x-auto overscroll-x-contain rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => {
          const active = isDashboardTabActive(tab, pathname);
          return (
            <li key={tab.to} className="flex shrink-0">
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`flex min-h-11 items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap ${
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
