import { describe, expect, it } from "vitest";
import { BUILT_IN_OPTIONS } from "~/.server/db/seed/data/options";
import { checkInput, commentOptions } from "~/modules/comments/comment-options";

/** Comment options and input rules (spec §1 built-in values, §5 rules via options). */
const builtIn = commentOptions(BUILT_IN_OPTIONS);
const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { key: string }).key;
  }
};

describe("comment options", () => {
  it("reads the built-in values of spec §1", () => {
    expect(builtIn).toEqual({
      requireAdminPublishing: true,
      requireRating: true,
      requireContent: true,
      stars: 5,
      blogComments: "loggedUsersOnly",
      userCanEdit: true,
      oneUserOneComment: false,
      onSite: { products: true, posts: true },
    });
  });

  it("falls back to safe values for missing or odd options", () => {
    expect(commentOptions({}).requireAdminPublishing).toBe(true);
    expect(commentOptions({ NumberOfStars: 0 }).stars).toBe(5);
    expect(commentOptions({ CanCommentOnBlog: false }).blogComments).toBe("disabled");
  });
});

describe("comment input", () => {
  it("needs a rating with a comment and a comment with a rating when both options are on", () => {
    expect(keyOf(() => checkInput({ rating: null, content: "Tekst" }, builtIn))).toBe("comments.ratingRequired");
    expect(keyOf(() => checkInput({ rating: 4, content: " " }, builtIn))).toBe("comments.commentRequired");
    expect(checkInput({ rating: 4, content: "  Tekst " }, builtIn)).toEqual({ rating: 4, content: "Tekst" });
  });

  it("accepts either alone when its option is off, never neither", () => {
    const relaxed = { ...builtIn, requireRating: false, requireContent: false };
    expect(checkInput({ rating: null, content: "Tekst" }, relaxed).content).toBe("Tekst");
    expect(checkInput({ rating: 2, content: "" }, relaxed).rating).toBe(2);
    expect(keyOf(() => checkInput({ rating: null, content: "" }, relaxed))).toBe("comments.empty");
  });

  it("takes whole ratings from 1 to NumberOfStars and at most 2000 characters", () => {
    for (const rating of [0, 6, 2.5, Number.NaN])
      expect(keyOf(() => checkInput({ rating, content: "x" }, builtIn))).toBe("comments.invalidRating");
    expect(keyOf(() => checkInput({ rating: 5, content: "a".repeat(2001) }, builtIn))).toBe("comments.tooLong");
    expect(keyOf(() => checkInput({ rating: 5, content: "a".repeat(2000) }, builtIn))).toBeNull();
  });
});
