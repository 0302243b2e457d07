import { Form, href } from "react-router";

/** 'Sair': a POST, so a link or a prefetch never signs anyone out. */
export function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action={href("/sair")}>
      <button type="submit" className={className}>
        Sair
      </button>
    </Form>
  );
}
