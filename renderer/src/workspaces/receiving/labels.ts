import { call } from '../../bridge/dockdesk';

/**
 * Box labels: main fetches the PDF with the user's token and hands over only the bytes; the page
 * makes a blob: URL of them (same origin, no token, nothing served by the host) and lets the
 * browser's PDF viewer show or print it, or saves it as a file.
 */
async function labelsBlob(id: number): Promise<{ url: string; fileName: string }> {
  const pdf = await call('receiving.labels', { id });
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: pdf.contentType }));
  // The viewer tab or the download keeps its own reference; ours goes after a minute.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { url, fileName: pdf.fileName };
}

export async function viewLabels(id: number): Promise<void> {
  // Electron shows them in a label window of its own; the browser host answers shown: false.
  if ((await call('receiving.showLabels', { id, mode: 'view' })).shown) return;
  const { url } = await labelsBlob(id);
  window.open(url, '_blank', 'noopener');
}

export async function saveLabels(id: number): Promise<void> {
  const { url, fileName } = await labelsBlob(id);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Electron: the system print dialog, from main's label window. Browser: a hidden frame holding the
 * PDF (the CSP's `frame-src blob:` admits it) and the browser's print dialog.
 */
export async function printLabels(id: number): Promise<void> {
  if ((await call('receiving.showLabels', { id, mode: 'print' })).shown) return;
  const { url } = await labelsBlob(id);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = `Box labels of WRO ${id}`;
  frame.src = url;
  frame.dataset.labels = String(id);
  // A print dialog that cannot open (no printer, a blocked frame) must not take the page with it:
  // the PDF opens instead, to print or save from the viewer.
  frame.onload = () => {
    try {
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  };
  document.body.append(frame);
  setTimeout(() => frame.remove(), 60_000);
}
