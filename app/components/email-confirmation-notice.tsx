import { Form } from "react-router";

/**
 * Shown on the dashboards while an address waits for its link: the account's own (after
 * sign-up) or the new one asked for on the profile form. "Reenviar confirmação" mails
 * the link again (docs/decisions/0011).
 */
export function EmailConfirmationNotice({
  user,
  returnTo,
}: {
  user: { email: string; emailVerified: boolean; pendingEmail: string | null };
  returnTo: string;
}) {
  const waiting = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (!waiting) return null;
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p>
        {user.pendingEmail ? (
          <>
            Troca de e-mail pendente: abra o link que enviamos para <strong className="break-all">{user.pendingEmail}</strong>. Até lá, sua
            conta continua com <span className="break-all">{user.email}</span>.
          </>
        ) : (
          <>
            Confirme seu e-mail: enviamos um link para <strong className="break-all">{user.email}</strong>.
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action="/reenviar-confirmacao">
          <input type="hidden" name="voltar" value={returnTo} />
          <button type="submit" name="intent" value="reenviar" className="btn btn-outline">
            Reenviar confirmação
          </button>
        </Form>
        {user.pendingEmail ? (
          <Form method="post" action="/reenviar-confirmacao">
            <input type="hidden" name="voltar" value={returnTo} />
            <button type="submit" name="intent" value="cancelar-troca" className="btn btn-outline">
              Cancelar troca de e-mail
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
