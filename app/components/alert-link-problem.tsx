import { href, Link } from "react-router";
import type { ErrorScreen } from "~/lib/not-found";

/** The 404 of an alert link that no longer works, in its page's own frame, with a way on. */
export function invalidAlertLinkScreen(title: string, message: string): ErrorScreen {
  return { title, message, look: "card", back: { to: href("/buscar-pets"), label: "Buscar pets" } };
}

/** A saved-search mail link that no longer works (unknown, expired or used): why, and a way on. */
export function AlertLinkProblem({ message }: { message: string | null }) {
  return (
    <>
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {message}
      </p>
      <Link to="/buscar-pets" className="btn btn-primary w-full">
        Buscar pets
      </Link>
    </>
  );
}
