// A tiny store for state that lives only in the browser (client toasts, hearts clicked
// before the next load). The server always renders the initial value.
import { useSyncExternalStore } from "react";

export function createBrowserStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, () => value, () => initial),
  };
}
