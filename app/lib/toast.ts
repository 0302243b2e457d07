// A flash message shown once, bottom-right, after a redirect (spec §8 toasts).
export type ToastType = "success" | "error" | "info";

export interface Toast {
  type: ToastType;
  title: string;
  description?: string;
}
