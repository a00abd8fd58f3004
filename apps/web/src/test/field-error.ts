// Test support: the error message a form shows under an input (Mantine links it by aria-describedby), or null.
export function fieldError(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter((text) => text !== '');
  return texts.length === 0 ? null : texts.join(' ');
}
