import { createContext, useContext } from "react";

// The CSP nonce of the current server render. Browsers hide nonce attributes from the
// DOM, so on the client it is simply empty.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
