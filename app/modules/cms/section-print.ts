import { parseComponents } from "./page-components.schema";

/**
 * A section's fields in one comparable string: how a copy of a master component is recognised
 * (the old "save as master" and "add master" copied the section's fields unchanged; the
 * /section-tool and the master's screen compare by this). Parsed like the renderer does and
 * without the hidden flag, with sorted keys so the order jsonb keeps does not matter.
 * Null for an entry the renderer would skip.
 */
export function sectionPrint(entry: unknown): string | null {
  const { components } = parseComponents([entry]);
  if (components.length === 0) return null;
  const { hidden: _hidden, ...fields } = components[0] as Record<string, unknown>;
  return stable(fields);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
