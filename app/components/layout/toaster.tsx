import { useClientToasts } from "~/lib/client-toasts";
import { TOAST_CLASSES, type Toast } from "~/lib/toast";

/**
 * Flash messages rendered on the server in a live region (spec §9: bottom-right,
 * labelled Notifications). They fade out by CSS alone, so they work without JavaScript.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const raisedHere = useClientToasts();
  const shown = [
    ...toasts.map((toast, index) => ({ ...toast, key: `s${index}-${toast.title}` })),
    ...raisedHere.map((toast) => ({ ...toast, key: `c${toast.id}` })),
  ];
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed print:hidden right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {shown.map((toast) => (
        <div
          key={toast.key}
          role={toast.type === "error" ? "alert" : "status"}
          data-type={toast.type}
          className={`toast pointer-events-auto rounded-lg border p-4 shadow-lg ${TOAST_CLASSES[toast.type]}`}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
      ))}
    </section>
  );
}
