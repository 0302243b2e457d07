// A flash message shown once, bottom-right, after a redirect (spec §8 toasts).
export type ToastType = "success" | "error" | "info";

export interface Toast {
  type: ToastType;
  title: string;
  description?: string;
}

// The look of each kind of toast.
const TOAST_CLASSES: Record<ToastType, string> = {
  success: "border-emerald-200 bg-white text-slate-900",
  info: "border-slate-200 bg-white text-slate-900",
  // red-700: a description at 90% white reads at 4:1 on red-600 (docs/decisions/0021).
  error: "border-red-300 bg-red-700 text-white",
};

// One toast's box, the same whether the server renders it (Toaster) or the browser raises
// it (app/browser/toasts.ts).
export function toastClassName(type: ToastType): string {
  return `toast pointer-events-auto rounded-lg border p-4 shadow-lg ${TOAST_CLASSES[type]}`;
}

/** An error interrupts (alert); anything else waits its turn (status). */
export function toastRole(type: ToastType): "alert" | "status" {
  return type === "error" ? "alert" : "status";
}
