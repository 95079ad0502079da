import { describe, expect, it } from "vitest";
import { detectSeparator, parseCsv, unFormula } from "~/modules/catalog-admin/csv-parse";

/** The import's RFC 4180 reader (decision 0047). */
describe("parseCsv", () => {
  it("reads quoted fields, doubled quotes, separators and line breaks inside quotes, with each record's first line", () => {
    const text = '\uFEFFsku;name\r\nA-1;"Panel; ""bijeli"""\r\nA-2;"dva\nretka"\n\nA-3;tri\n';
    const { separator, records } = parseCsv(text);
    expect(separator).toBe(";");
    expect(records).toEqual([
      { line: 1, cells: ["sku", "name"] },
      { line: 2, cells: ["A-1", 'Panel; "bijeli"'] },
      { line: 3, cells: ["A-2", "dva\nretka"] },
      { line: 6, cells: ["A-3", "tri"] },
    ]);
  });

  it("detects the separator from the header line, outside quotes", () => {
    expect(detectSeparator("sku,name,retail_price\nA;B")).toBe(",");
    expect(detectSeparator('"a;b",c,d\n')).toBe(",");
    expect(detectSeparator("sku;name\n")).toBe(";");
    expect(detectSeparator("sku\tname\n")).toBe("\t");
    expect(parseCsv('sku,price\nA,"12,50"').records[1].cells).toEqual(["A", "12,50"]);
  });

  it("keeps empty cells and a last line without a line break, and stops at maxRecords", () => {
    expect(parseCsv("a;;c").records[0].cells).toEqual(["a", "", "c"]);
    expect(parseCsv("a\nb\nc\nd", { maxRecords: 2 }).records).toHaveLength(2);
  });

  it("undoes the export's formula guard only before a formula character", () => {
    expect(unFormula("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unFormula("'-5")).toBe("-5");
    expect(unFormula("'citat'")).toBe("'citat'");
  });
});
