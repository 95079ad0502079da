import { describe, expect, it } from "vitest";
import { messageKey, messageText, parseMessage } from "~/lib/validation-message";

describe("validation messages as locale keys", () => {
  const messages: Record<string, string> = {
    "core.validation.required": "Unos ovog polja je obavezan",
    "core.validation.maxLength": "Maksimalan broj znakova je {{length}}",
    "core.validation.unknownRule": "Nedostaje poruka za pravilo {{rule}}",
  };
  const t = (key: string, values?: Record<string, string | number>) =>
    messages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name]));
  const i18n = { t, exists: (key: string) => key in messages };

  it("carries placeholder values with the key and back", () => {
    const message = messageKey("core.validation.maxLength", { length: 75 });
    expect(parseMessage(message)).toEqual({ key: "core.validation.maxLength", values: { length: 75 } });
    expect(parseMessage("core.validation.required")).toEqual({ key: "core.validation.required" });
    expect(parseMessage("broken|{json")).toEqual({ key: "broken|{json" });
  });

  it("translates known keys and names a missing one (spec §5 unknown rule)", () => {
    expect(messageText(i18n, messageKey("core.validation.maxLength", { length: 75 }))).toBe("Maksimalan broj znakova je 75");
    expect(messageText(i18n, "core.validation.required")).toBe("Unos ovog polja je obavezan");
    expect(messageText(i18n, "Expected number, received nan")).toBe("Nedostaje poruka za pravilo Expected number, received nan");
    expect(messageText(i18n, undefined)).toBe("");
  });
});
