import { z } from "zod/v4";

/**
 * The posts of the dev tooling (decision 0062), bounded like every input.
 * Message keys as errors (DESIGN.md forms); the JSON answers carry their English text.
 */

/** A GitLab project: its numeric id or its path ("group/sub/project"). */
export const gitlabProjectId = z
  .string()
  .trim()
  .max(255)
  .regex(/^(?:\d{1,12}|\w[\w.-]{0,99}(?:\/\w[\w.-]{0,99}){1,5})$/, "devTools.errors.projectId")
  .refine((value) => !value.includes(".."), "devTools.errors.projectId");

/** A branch name as git allows it, without spaces, `..` or control characters. */
export const gitlabBranch = z
  .string()
  .trim()
  .max(200)
  .regex(/^(?!.*\.\.)[\w./-]{1,200}$/, "devTools.errors.branch");

export const latestReleaseSchema = z.object({
  gitlabProjectId: gitlabProjectId.optional(),
  gitlabBranch: gitlabBranch.optional(),
});

/** A host name (RFC 1123 labels, at most 253 characters), lower case. */
export const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, "devTools.errors.domain")
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "devTools.errors.domain");

export const setDomainSchema = z.object({
  domain: hostname,
  redirectTo: z.string().max(2000).optional(),
});
