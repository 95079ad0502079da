/**
 * Validation messages are locale keys, not sentences, so one zod schema serves the action
 * and the browser in any language. A key with placeholders travels with its values as
 * "core.validation.maxLength|{"length":200}"; the UI turns it back into text with `t`.
 */
export type MessageValues = Record<string, string | number>;

export function messageKey(key: string, values?: MessageValues): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function parseMessage(message: string): { key: string; values?: MessageValues } {
  const bar = message.indexOf("|");
  if (bar < 0) return { key: message };
  try {
    return { key: message.slice(0, bar), values: JSON.parse(message.slice(bar + 1)) as MessageValues };
  } catch {
    return { key: message };
  }
}

type Translate = { t: (key: string, values?: MessageValues) => string; exists: (key: string) => boolean };

/**
 * The text of a message key; a key missing from locales/ shows the spec's developer hint
 * (core.validation.unknownRule) instead of leaking a raw key or an English zod sentence.
 */
export function messageText({ t, exists }: Translate, message: string | null | undefined): string {
  if (!message) return "";
  const { key, values } = parseMessage(message);
  return exists(key) ? t(key, values) : t("core.validation.unknownRule", { rule: key });
}
