import { useRef } from "react";

/**
 * A key that changes with every new server answer. Put on password inputs: the server
 * never sends a password back, and with JavaScript the browser would otherwise keep it.
 */
export function useResetKey(lastResult: unknown): number {
  const count = useRef(0);
  const previous = useRef(lastResult);
  if (previous.current !== lastResult) {
    previous.current = lastResult;
    count.current += 1;
  }
  return count.current;
}
