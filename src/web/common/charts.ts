/**
 * The y axis of a chart of counts: whole-number ticks from 0. When every value is 0 the axis gets a
 * fixed 0–5 span: an all-zero domain leaves the chart library nothing to step through, and it drew
 * fractional "0.0…" ticks (#40 finding 17).
 */
export function countAxis(values: readonly number[]) {
  const allZero = values.every((v) => v === 0);
  return { tickMinStep: 1, min: 0, ...(allZero && { max: 5 }) };
}
