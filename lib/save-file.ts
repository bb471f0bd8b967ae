/**
 * Hands a file made in the browser to the member as a download (a CSV export, a boleto's PDF): a link
 * to it clicked once, its address freed a little after (the download has started by then).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
