import { createContext, useContext } from "react";

/** The request's CSP nonce, for the few inline scripts we render ourselves. */
export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
