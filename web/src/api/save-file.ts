/** Saves a download under a name, as a click on a link would: the file at `url`, or a blob the app fetched. */
export function saveFromUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveFromUrl(url, fileName);
  // Released once the browser has surely taken the blob (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
