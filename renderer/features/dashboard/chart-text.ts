/**
 * Room for a bar chart's text, so no label or value is cut: labels get the width their longest one needs (up to
 * `maxShare` of the chart) and wrap onto a second line at a space when even that is too narrow; values get the width
 * of the longest formatted value. Widths come from a character count and the measured font size (`em`), with the
 * average width of a character of the console's sans-serif at 0.6 em.
 */
export const CHAR_EM = 0.6;

/** Width in px of `chars` characters of text set at `fontPx`. */
export function textWidth(chars: number, fontPx: number): number {
  return Math.ceil(chars * fontPx * CHAR_EM);
}

/**
 * A label in at most two lines that each `fit`, split at spaces (or after hyphens); only what two lines cannot hold is
 * cut, with an ellipsis (the full label stays in the chart's table and its text alternative).
 */
export function labelLines(label: string, fit: (text: string) => boolean): string[] {
  if (fit(label)) return [label];
  const words = label.split(/(?<=[\s-])/);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1]!;
    if (current === '' || fit((current + word).trimEnd())) lines[lines.length - 1] = current + word;
    else lines.push(word);
  }
  const trimmed = lines.map((line) => line.trim());
  if (trimmed.length <= 2 && trimmed.every(fit)) return trimmed;
  const first = shortest(trimmed[0]!, fit);
  const rest = trimmed.length > 1 ? trimmed.slice(1).join(' ') : trimmed[0]!.slice(first.length);
  return [first, fit(rest) ? rest : `${shortest(rest, (text) => fit(`${text}…`))}…`];
}

/** The longest start of `text` that fits. */
function shortest(text: string, fit: (text: string) => boolean): string {
  let end = text.length;
  while (end > 1 && !fit(text.slice(0, end))) end -= 1;
  return text.slice(0, end);
}

/**
 * The label and value columns of a chart `width` px wide whose text is `fontPx` high. `measure` gives a text's
 * rendered width where the page can measure it (a canvas with the chart's font); the estimate is used otherwise.
 */
export function chartColumns(
  labels: string[],
  values: string[],
  width: number,
  fontPx: number,
  measure: (text: string) => number = (text) => textWidth(text.length, fontPx),
  maxShare = 0.45,
): { label: number; value: number; maxChars: number } {
  const widest = (texts: string[]) => Math.max(fontPx, ...texts.map((text) => Math.ceil(measure(text))));
  const label = Math.min(widest(labels) + 12, Math.floor(width * maxShare));
  const value = widest(values) + 12;
  // Characters per line when a label must wrap, from the measured width of its average character.
  const perChar = labels.length > 0 ? Math.max(...labels.map((l) => measure(l) / Math.max(1, l.length))) : fontPx * CHAR_EM;
  return { label, value, maxChars: Math.max(4, Math.floor((label - 12) / perChar)) };
}
