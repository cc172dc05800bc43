// Saves bytes in the browser as a file the user downloads: an object URL behind a temporary link,
// revoked a little later (reports, project files, the personnel template, statistics, flight plans).

/** Saves `blob` as a file named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
