import { href, Link } from "react-router";
import { useRootData } from "~/lib/root-data";

/**
 * Above an ad form for visitors: no account is needed before, since the form ends with the
 * account fields and one submit publishes (docs/decisions/0044); who has one may sign in
 * first. Nothing for signed-in people.
 */
export function SignInToPostNotice({ back }: { back: string }) {
  const user = useRootData()?.user ?? null;
  if (user) return null;
  const signIn = `${href("/entrar")}?${new URLSearchParams({ redirectTo: back })}`;
  return (
    <div role="note" className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
      <p>Não precisa de conta antes: ela é criada no fim do formulário, junto com o anúncio.</p>
      <p className="mt-2 flex flex-wrap items-center gap-x-2">
        Já tem conta?
        <Link to={signIn} className="tap-link font-medium text-brand-700 underline">
          Entrar
        </Link>
      </p>
    </div>
  );
}
