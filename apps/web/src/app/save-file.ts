// Saves a downloaded file under a chosen name: a download link on a blob URL, clicked for the user.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob asynchronously after click(); revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
