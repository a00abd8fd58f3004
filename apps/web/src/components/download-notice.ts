// What a report download tells the admin, in the same words on the Reports and the QC Reports screens.
export const REPORT_FAILED = 'The report could not be downloaded';

export function startedText(fileName: string): string {
  return `Your browser is saving ${fileName}; a large report takes a while. Its progress is in the browser's downloads.`;
}
