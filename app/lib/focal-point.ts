/** A picture's focal point in whole percent of its width and height (decision 0125); 50/50 is the centre. */
export type FocalPoint = { x: number; y: number };

/** A percentage rounded to a whole number within 0–100. */
export function clampFocal(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The focal point of a media row for a page that crops the picture, or undefined when it is
 * the centre (the browser's own default), so loader data carries the two numbers only when
 * they change something.
 */
export function focalPointOf(row: { focalX: number; focalY: number }): FocalPoint | undefined {
  return row.focalX === 50 && row.focalY === 50 ? undefined : { x: row.focalX, y: row.focalY };
}
