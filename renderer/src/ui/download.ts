/**
 * Saves a file through the page's own download (a Blob URL and an <a download>): the browser host's
 * browser saves it to its downloads, Electron asks where (its default download handling). The URL
 * is let go a minute later, long after the download has read it.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Text as a file of this media type. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
