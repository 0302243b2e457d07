import { Form } from "react-router";

/** Shown above a form restored from the visitor's draft, with a way to throw it away. */
export function DraftNotice({ action }: { action: string }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      role="status"
    >
      <p>Recuperamos o anúncio que você começou antes de entrar. Confira e publique.</p>
      <Form method="post" action={action} encType="multipart/form-data">
        <input type="hidden" name="intent" value="descartar-rascunho" />
        <button type="submit" className="btn btn-ghost text-amber-900">
          Descartar rascunho
        </button>
      </Form>
    </div>
  );
}
