/**
 * Byte order mark: Excel reads a CSV without it as the system's legacy code page and garbles names
 * with accents; every other reader skips it.
 */
const UTF8_BOM = '\uFEFF';

/**
 * Saves `text` as a file through the browser (a Blob and a temporary link): the data is already on
 * the page, so the export sends no request.
 */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([UTF8_BOM, text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
