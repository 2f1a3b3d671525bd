/**
 * Offers text as a file download through a Blob URL: the renderer has no file system, and the CSP allows blob:.
 * CSV gets a byte-order mark so spreadsheet programs read the UTF-8 (quotes, accents) correctly.
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const body = type.startsWith('text/csv') ? `\ufeff${text}` : text;
  const url = URL.createObjectURL(new Blob([body], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
