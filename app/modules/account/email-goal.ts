/**
 * E-mail goals (spec §3 "E-mail confirmation query: goalType (message, url, file), goal,
 * confirmedEmail"; §4 Other "message shows a toast and text; file downloads a blob named
 * 'download'; url redirects"). Isomorphic: the route's loader and the page read it.
 */
export const GOAL_TYPES = ["message", "url", "file"] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export type EmailGoal = { goalType: GoalType; goal: string; confirmedEmail: string };

/** The file name of a downloaded file goal (spec §4 Other). */
export const DOWNLOAD_NAME = "download";

/** A file goal is fetched by the browser: only a local path or an http(s) address, never javascript: or data:. */
export function isFetchableGoal(goal: string): boolean {
  if (goal.startsWith("/") && !goal.startsWith("//")) return true;
  try {
    const url = new URL(goal);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** The goal of the query, or null when goal, goalType or confirmedEmail is missing or unknown. */
export function readEmailGoal(params: URLSearchParams): EmailGoal | null {
  const goal = params.get("goal")?.trim();
  const goalType = params.get("goalType");
  const confirmedEmail = params.get("confirmedEmail")?.trim();
  if (!goal || !confirmedEmail || !(GOAL_TYPES as readonly string[]).includes(goalType ?? "")) return null;
  if (goalType === "file" && !isFetchableGoal(goal)) return null;
  return { goal, goalType: goalType as GoalType, confirmedEmail };
}
