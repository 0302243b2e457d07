import { redirect } from "react-router";
import type { Route } from "./+types/sair";
import { flashToast, getSession } from "~/services/session.server";

// Sign-out is a POST (the header's Sair button is a form); a GET just goes home.
export async function action({ context }: Route.ActionArgs) {
  const session = getSession(context);
  session.unset("userId");
  session.unset("accountType");
  flashToast(context, { type: "success", title: "Logout realizado" });
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
