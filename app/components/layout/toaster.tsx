import { toastClassName, toastRole, type Toast } from "~/lib/toast";

/**
 * Flash messages rendered on the server in a live region (spec §9: bottom-right,
 * labelled Notifications). They fade out by CSS alone, so they work without JavaScript.
 * Toasts raised in the browser join this region (app/browser/toasts.ts).
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const shown = toasts.map((toast, index) => ({ ...toast, key: `s${index}-${toast.title}` }));
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed print:hidden right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {shown.map((toast) => (
        <div key={toast.key} role={toastRole(toast.type)} data-type={toast.type} className={toastClassName(toast.type)}>
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
      ))}
    </section>
  );
}
