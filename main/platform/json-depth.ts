/**
 * Whether JSON text nests deeper than `max` levels, read without parsing it. JSON.parse itself copes with any depth,
 * but what comes after it (the shape check, the secret scrub, the copy to the page) walks the value, and a hostile
 * answer 200,000 levels deep would take each of them down; the text is refused first, in one pass over it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Each level opens with a bracket: a text shorter than the limit cannot pass it (a token, most error bodies).
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: brackets inside it do not count; skip to its closing quote, stepping over escapes.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
