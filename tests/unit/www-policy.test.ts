import { describe, expect, it } from "vitest";
import { wwwPolicyRedirect } from "~/modules/site/www-policy.server";

describe("WwwPolicy (spec §3, built-in no-www)", () => {
  it("no-www sends www.host to the bare host, path and query kept", () => {
    expect(wwwPolicyRedirect("https://www.alu-krov.hr/shop?page=2", "no-www")).toBe("https://alu-krov.hr/shop?page=2");
    expect(wwwPolicyRedirect("https://alu-krov.hr/shop", "no-www")).toBeNull();
  });

  it("www adds it where missing", () => {
    expect(wwwPolicyRedirect("https://alu-krov.hr/o-nama", "www")).toBe("https://www.alu-krov.hr/o-nama");
    expect(wwwPolicyRedirect("https://www.alu-krov.hr/o-nama", "www")).toBeNull();
  });

  it("leaves local and IP hosts and an unset policy alone", () => {
    expect(wwwPolicyRedirect("http://localhost:3000/", "www")).toBeNull();
    expect(wwwPolicyRedirect("http://127.0.0.1:3000/", "www")).toBeNull();
    expect(wwwPolicyRedirect("http://[::1]:3000/", "www")).toBeNull();
    expect(wwwPolicyRedirect("https://www.alu-krov.hr/", null)).toBeNull();
  });
});
