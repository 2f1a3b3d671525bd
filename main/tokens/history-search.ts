import type { HistoryEntry } from '../../preload/contract/tokens';

/** The words of a search, lower-cased; an entry matches when every word is in one of its text fields. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when every word (case-insensitive) is in the stream, user, note, profile name, token or batch id. */
export function matchesWords(entry: HistoryEntry, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = `${entry.stream}\n${entry.user ?? ''}\n${entry.note}\n${entry.profileName}\n${entry.token ?? ''}\n${entry.batchId ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The streams of `newestFirst`, most recent first, without repeats (the stream field's suggestions). */
export function recentStreamsOf(newestFirst: readonly HistoryEntry[], limit = 20): string[] {
  const recent = new Set<string>();
  for (const entry of newestFirst) {
    if (recent.size >= limit) break;
    recent.add(entry.stream);
  }
  return [...recent];
}

/** Newest-first entries of an in-memory list (oldest first) matching every word of the search. */
export function searchHistory(entries: readonly HistoryEntry[], search: string): HistoryEntry[] {
  const words = searchWords(search);
  const matched: HistoryEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) if (matchesWords(entries[i]!, words)) matched.push(entries[i]!);
  return matched;
}
