import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import { messageText } from "~/lib/validation-message";
import type { EditAnswer } from "./use-edit-post";

/** The toolbar's last message: what an editor's post did, or why it was refused. */
export type Status = { text: string; error: boolean } | null;

/** The translated text of a refusal (a message key, maybe with values). */
export function useRefusalText() {
  const { t, i18n } = useTranslation();
  return (error: { key: string; values?: Record<string, string | number> }) =>
    error.values && Object.keys(error.values).length > 0 ? t(error.key, error.values) : messageText({ t, exists: i18n.exists }, error.key);
}

/**
 * Shows each new answer of a post in the toolbar once: the success message `success`
 * (a key) or the refusal. Returns nothing; the caller reads `post.answer` for details.
 */
export function useAnswerMessage(
  post: { state: string; answer: EditAnswer | undefined },
  setStatus: (status: Status) => void,
  success: string | ((answer: Extract<EditAnswer, { ok: true }>) => string),
) {
  const { t } = useTranslation();
  const refusal = useRefusalText();
  const shown = useRef<EditAnswer | undefined>(undefined);
  useEffect(() => {
    if (post.state !== "idle" || !post.answer || shown.current === post.answer) return;
    shown.current = post.answer;
    const answer = post.answer;
    if (answer.ok) setStatus({ text: t(typeof success === "string" ? success : success(answer)), error: false });
    else setStatus({ text: refusal(answer.error), error: true });
  }, [post.state, post.answer, setStatus, success, t, refusal]);
}
