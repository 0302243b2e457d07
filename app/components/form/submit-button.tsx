import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * A submit button that shows the spec's busy label ('Enviando...', 'Salvando...') and is
 * disabled while its form is being sent. Without JavaScript it is a plain button.
 */
export function SubmitButton({
  children,
  busyLabel,
  action,
  className = "btn btn-primary",
}: {
  children: ReactNode;
  busyLabel: string;
  action?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (action === undefined || navigation.formAction === action);
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
