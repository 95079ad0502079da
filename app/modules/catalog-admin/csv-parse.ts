/**
 * A small RFC 4180 reader for the product import (decision 0047): quoted fields, "" for a
 * quote inside quotes, separators and line breaks inside quotes, CRLF or LF line ends, a
 * UTF-8 BOM dropped. The separator is what the header line uses: `;` (what the export and
 * Croatian Excel write) or `,` (other spreadsheets), or a tab, whichever occurs most
 * outside quotes. Each record keeps the line number it starts on, for error messages.
 */
export type CsvRecord = { line: number; cells: string[] };
export type CsvEncoding = "utf-8" | "windows-1250";

/**
 * The text of an uploaded file. UTF-8 when the bytes are UTF-8 (what the export writes);
 * otherwise Windows-1250, what Excel on Croatian Windows writes for "CSV": read as UTF-8,
 * its č, ć, đ, š and ž would turn into replacement characters and be imported garbled.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1250").decode(bytes), encoding: "windows-1250" };
  }
}
export type CsvSeparator = ";" | "," | "\t";

export function detectSeparator(text: string): CsvSeparator {
  const counts = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as CsvSeparator] += 1;
  }
  if (counts[","] > counts[";"] && counts[","] >= counts["\t"]) return ",";
  if (counts["\t"] > counts[";"]) return "\t";
  return ";";
}

/** The records of a CSV text; `maxRecords` stops early (the caller refuses a file over its limit). */
export function parseCsv(
  input: string,
  { maxRecords = Infinity }: { maxRecords?: number } = {},
): { separator: CsvSeparator; records: CsvRecord[] } {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false; // the record has some content (a blank line is no record)
  const endCell = () => {
    cells.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (touched || cells.length > 1) records.push({ line: start, cells });
    cells = [];
    touched = false;
  };
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === separator) endCell();
    else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else {
      cell += char;
      touched = true;
    }
  }
  if (records.length < maxRecords && (touched || cells.length > 0 || cell !== "")) endRecord();
  return { separator, records };
}

/**
 * The export writes a value that starts like a formula with a leading ' (csvCell, CSV
 * injection); reading it back drops that quote so the value round-trips unchanged.
 */
export function unFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
