import { isRouteErrorResponse, Link } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { NotFound } from "~/components/not-found";
import { isModerationNotFound, moderationBanner } from "~/lib/moderation";
import { type ErrorScreen, isNotFound, thrownMessage, thrownScreen } from "~/lib/not-found";

const HOME = { to: "/", label: "Voltar para o início" };
export const UNEXPECTED_TITLE = "Algo deu errado";
const UNEXPECTED_MESSAGE = "Algo deu errado. Tente novamente em instantes.";

/**
 * What the one general boundary shows for a thrown answer (docs/decisions/0034, One error
 * boundary), with the document title it goes with (root `meta`): the page's own screen, a
 * held or removed item's banner (docs/decisions/0035), the site's 404 page, or a short
 * error in Portuguese.
 */
export function errorScreenOf(error: unknown): { screen: ErrorScreen | null; title: string } {
  const screen = thrownScreen(error);
  if (screen) return { screen, title: screen.title };
  if (isRouteErrorResponse(error) && error.status === 404 && isModerationNotFound(error.data)) {
    const banner = moderationBanner(error.data.moderation, error.data.kind);
    return { screen: { title: banner, back: HOME }, title: banner };
  }
  if (isNotFound(error)) return { screen: null, title: "Página não encontrada" };
  return { screen: null, title: UNEXPECTED_TITLE };
}

/** The general boundary's page for `error`. */
export function ErrorPage({ error }: { error: unknown }) {
  const { screen } = errorScreenOf(error);
  if (screen) return <ErrorScreenView screen={screen} />;
  if (isNotFound(error)) return <NotFound />;
  // Thrown answers say what went wrong in Portuguese; a crash's own text (English, and
  // maybe internal) and its stack only while developing.
  const dev = import.meta.env.DEV && error instanceof Error;
  const message = thrownMessage(error) ?? (dev ? error.message : UNEXPECTED_MESSAGE);
  return (
    <section className="container-page py-16">
      <h1 className="text-2xl font-bold text-slate-900">{UNEXPECTED_TITLE}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      {dev && error.stack ? <pre className="mt-4 overflow-x-auto rounded bg-slate-100 p-4 text-xs">{error.stack}</pre> : null}
    </section>
  );
}

function ErrorScreenView({ screen }: { screen: ErrorScreen }) {
  const { title, message, note, alert, look, back } = screen;
  if (look === "card") {
    return (
      <AuthLayout title={title}>
        {message ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {message}
          </p>
        ) : null}
        {note ? <p className="text-center text-sm text-slate-600">{note}</p> : null}
        {back ? (
          <Link to={back.to} className="btn btn-primary w-full">
            {back.label}
          </Link>
        ) : null}
      </AuthLayout>
    );
  }
  return (
    <section className="container-page grid place-items-center py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {message ? (
        <p className="mt-2 text-slate-600" role={alert ? "alert" : undefined}>
          {message}
        </p>
      ) : null}
      {note ? <p className="mt-2 text-sm text-slate-600">{note}</p> : null}
      {back ? (
        <Link to={back.to} className="btn btn-primary mt-6">
          {back.label}
        </Link>
      ) : null}
    </section>
  );
}
