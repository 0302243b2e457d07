import { redirect } from "react-router";
import type { Route } from "./+types/sair";
import { endUserSession, flashToast } from "~/platform/session.server";

// Sign-out is a POST (the header's Sair button is a form); a GET just goes home.
export async function action({ context }: Route.ActionArgs) {
  endUserSession(context);
  flashToast(context, { type: "success", title: "Logout realizado" });
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
