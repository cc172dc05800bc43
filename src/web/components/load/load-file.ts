// The Load step's file rule (spec 000 §5: 'Please upload a file in xlsx format'): the browser refuses a
// file whose name is not .xlsx before sending it; the server checks the bytes (an xlsx is a zip
// archive) and reads the first worksheet (src/server/economics/load-upload.ts).

/** Whether a file name is an xlsx workbook's (any case, surrounding spaces ignored). */
export function isXlsxName(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName.trim());
}
