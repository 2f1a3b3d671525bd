/**
 * Whether JSON text nests deeper than `max` levels, read without parsing it. JSON.parse itself copes with any depth,
 * but what comes after it (the shape check, the secret scrub, the copy to the page) walks the value, and a hostile
 * answer 200,000 levels deep would take each of them down; the text is refused first, in one pass over it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Each level opens with a bracket: a text shorter than the limit cannot pass it (a token, most error bodies).
  if (text.length <= max) return false;
  // Nor can a text with at most `max` opening brackets, wherever they are (a camera-agent answer has a few dozen):
  // counting them is a native search per bracket, where the walk below visits every character and every string.
  if (openingBracketsAtMost(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: brackets inside it do not count. Its closing quote is found with indexOf (native, and most of an
      // answer is strings: a 60 MB answer is scanned in a fraction of the time a character loop takes); a quote
      // after an odd run of backslashes is escaped, and the search goes on after it.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Whether the text has at most `max` '{' and '[' in all (inside strings or not): stops counting past `max`. */
function openingBracketsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) if (++count > max) return false;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) if (++count > max) return false;
  return true;
}

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === 0x5c; i--) backslashes++;
  return backslashes % 2 === 1;
}
