import type { HistoryEntry } from '../../preload/contract/tokens';

/**
 * Newest-first entries matching every word of the search (case-insensitive) in the stream, user, note, profile
 * name, token or batch id; plus the most recently used streams for the stream field's suggestions.
 */
export function searchHistory(entries: readonly HistoryEntry[], search: string, recentLimit = 20): { matched: HistoryEntry[]; recentStreams: string[] } {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matched: HistoryEntry[] = [];
  const recent = new Set<string>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (recent.size < recentLimit) recent.add(entry.stream);
    if (words.length === 0) {
      matched.push(entry);
      continue;
    }
    const haystack = `${entry.stream}\n${entry.user ?? ''}\n${entry.note}\n${entry.profileName}\n${entry.token ?? ''}\n${entry.batchId ?? ''}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) matched.push(entry);
  }
  return { matched, recentStreams: [...recent] };
}
