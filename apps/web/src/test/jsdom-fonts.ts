// jsdom has no document.fonts, which Mantine's autosize Textarea listens to; the QC screens' tests import this first.
if (!('fonts' in document) || (document as { fonts?: unknown }).fonts === undefined) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
