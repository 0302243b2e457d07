import { useEffect, useState } from "react";

/** Shown only once JavaScript runs (without it, the browser's own Print menu is the way). */
export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="btn btn-primary" onClick={() => window.print()}>
      Imprimir cartaz
    </button>
  );
}
