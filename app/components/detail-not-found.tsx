import { isRouteErrorResponse, Link } from "react-router";
import { isModerationNotFound, moderationBanner } from "~/lib/moderation";
import { isNotFound, thrownMessage } from "~/lib/not-found";

/**
 * The not-found screen of the detail pages (products, clinics, organizations, events):
 * their loaders throw a 404 and their ErrorBoundary renders this with the spec's texts.
 */
export function DetailNotFound({
  title,
  message,
  back,
}: {
  title: string;
  message?: string;
  back: { to: string; label: string };
}) {
  return (
    <section className="container-page grid place-items-center py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {message ? <p className="mt-2 text-slate-600">{message}</p> : null}
      <Link to={back.to} className="btn btn-primary mt-6">
        {back.label}
      </Link>
    </section>
  );
}

/**
 * A route's ErrorBoundary: the not-found screen on a 404 or 410 (thrown by the loader or
 * action with `throw notFound()`, docs/decisions/0034), else a short error in Portuguese.
 */
export function DetailErrorBoundary({ error, notFound }: { error: unknown; notFound: Parameters<typeof DetailNotFound>[0] }) {
  // Held or removed by moderation: the public reads why (docs/decisions/0035).
  if (isRouteErrorResponse(error) && error.status === 404 && isModerationNotFound(error.data)) {
    return <DetailNotFound title={moderationBanner(error.data.moderation, error.data.kind)} back={notFound.back} />;
  }
  if (isNotFound(error)) return <DetailNotFound {...notFound} />;
  const message = thrownMessage(error) ?? "Algo deu errado. Tente novamente em instantes.";
  return <DetailNotFound title="Erro ao carregar dados" message={message} back={notFound.back} />;
}
