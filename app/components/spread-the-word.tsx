import { Link } from "react-router";
import { TitledSection } from "~/components/titled-section";

/**
 * What the owner sees first on their own open ad: send it to their WhatsApp groups with a
 * message written for them, and print the poster with their number (docs/decisions/0022,
 * "The owner's own ad"). Plain links: they work without JavaScript.
 */
export function SpreadTheWord({ whatsapp, poster }: { whatsapp: string; poster: string }) {
  return (
    <TitledSection
      id="divulgar-titulo"
      title="Divulgue seu anúncio"
      className="mb-6 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4"
      titleClassName="font-semibold text-slate-900"
      testId="spread-the-word"
    >
      <p className="mt-1 text-sm text-slate-700">
        A mensagem já vem pronta, com o link e a foto. O cartaz sai com o seu WhatsApp em destaque.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={whatsapp} className="btn bg-emerald-700 text-white hover:bg-emerald-800" rel="noopener noreferrer" target="_blank">
          Compartilhar no WhatsApp
        </a>
        <Link to={poster} className="btn btn-outline bg-white">
          Imprimir cartaz
        </Link>
      </div>
    </TitledSection>
  );
}
