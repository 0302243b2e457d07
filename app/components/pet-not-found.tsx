import { Link } from "react-router";

export function PetNotFound() {
  return (
    <section className="container-page grid place-items-center py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Pet não encontrado</h1>
      <p className="mt-2 text-slate-600">O anúncio que você procura não existe ou foi removido.</p>
      <Link to="/pets" className="btn btn-primary mt-6">
        Voltar
      </Link>
    </section>
  );
}
