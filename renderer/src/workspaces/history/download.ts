/**
 * Saves text as a file through the page's own download (a Blob URL and an <a download>): the browser
 * host's browser saves it to its downloads, Electron asks where (its default download handling).
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
