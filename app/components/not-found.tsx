import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="container-page grid place-items-center py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-2 text-slate-600">A página que você procura não existe ou foi removida.</p>
      <Link to="/" className="btn btn-primary mt-6">
        Voltar para o início
      </Link>
    </section>
  );
}
