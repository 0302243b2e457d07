import { Link } from "react-router";

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
          className={`rounded-md px-3 py-2 text-center text-sm font-semibold ${
            tab.active ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
