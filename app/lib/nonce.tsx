import { createContext, useContext } from "react";

/** The per-request CSP nonce; the browser hides it after load, so the client reads "". */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
