import { href } from "react-router";
import { DetailErrorBoundary } from "~/components/detail-not-found";

/**
 * The ErrorBoundary of every /pet/{id} page: 'Pet não encontrado' for an unknown ad, one
 * that is not the visitor's to manage, or a closed one past its public days (404 or 410).
 */
export function PetErrorBoundary({ error }: { error: unknown }) {
  return (
    <DetailErrorBoundary
      error={error}
      notFound={{
        title: "Pet não encontrado",
        message: "O anúncio que você procura não existe ou foi removido.",
        back: { to: href("/pets"), label: "Voltar" },
      }}
    />
  );
}
