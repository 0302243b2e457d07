import { Outlet } from "react-router";
import type { Route } from "./+types/_moderacao";
import { guardedAccount } from "~/platform/auth.server";
import { moderationGuard } from "~/services/dashboard-guards.server";

// The moderation pages (docs/decisions/0035), a layout without a URL of its own: admins
// only, checked once here before any of their loaders or actions runs; everyone else gets
// the site's 404, so the pages do not even say that they exist.
export const middleware: Route.MiddlewareFunction[] = [moderationGuard];

// Also makes the middleware run on client navigations between the pages; a refused
// visitor's 404 is thrown here (and by every child), after the root loader has run.
export function loader({ context }: Route.LoaderArgs) {
  guardedAccount(context);
  return null;
}

export default function Moderacao() {
  return <Outlet />;
}
