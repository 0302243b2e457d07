import { Link } from "react-router";

/**
 * The owner's row on a detail page (/evento/{id}, /clinica/{id}): edit, and delete through
 * its confirmation page (a page of its own: it works without JavaScript). See
 * docs/decisions/0034.
 */
export function OwnerActions({ edit, remove }: { edit: { to: string; label: string }; remove?: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
      <Link to={edit.to} className="btn btn-primary">
        {edit.label}
      </Link>
      {remove ? <DeleteLink to={remove.to}>{remove.label}</DeleteLink> : null}
    </div>
  );
}

/** 'Excluir' (or `children`): the way to an item's confirmation page, in red. */
export function DeleteLink({ to, label, children = "Excluir" }: { to: string; label?: string; children?: string }) {
  return (
    <Link to={to} className="btn border border-red-300 text-red-700 hover:bg-red-50" aria-label={label}>
      {children}
    </Link>
  );
}
