import { href, Link } from "react-router";
import { useRootData } from "~/lib/root-data";

/**
 * Above an ad form for visitors: that publishing needs an account, before anything is
 * typed, and that what they fill in is kept through sign-in (issue 21, finding 1;
 * docs/decisions/0033). Nothing for signed-in people.
 */
export function SignInToPostNotice({ back }: { back: string }) {
  const user = useRootData()?.user ?? null;
  if (user) return null;
  const signIn = `${href("/entrar")}?${new URLSearchParams({ redirectTo: back })}`;
  const signUp = `${href("/entrar")}?${new URLSearchParams({ aba: "cadastrar", redirectTo: back })}`;
  return (
    <div role="note" className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
      <p>Para publicar, entre ou crie sua conta. O que você preencher fica guardado.</p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={signIn} className="tap-link font-medium text-brand-700 underline">
          Entrar
        </Link>
        <Link to={signUp} className="tap-link font-medium text-brand-700 underline">
          Criar conta
        </Link>
      </p>
    </div>
  );
}
